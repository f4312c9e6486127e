/** The open episode: its detail, its waveform peaks, and moving between episodes. */
import type { StateCreator } from 'zustand';
import type { AudioAssetInfo, AudioPeaks, EpisodeDetail, EpisodeRow, Turn } from '../../shared/domain';
import { call } from '../api/client';
import { mediaPlayable, prepareMedia } from '../player/media';
import { episodePeaks, forgetPeaks, peaksInHand, prefetchPeaks } from '../player/episode-peaks';
import { markOpen } from '../player/open-marks';
import { afterPaint } from '../player/after-paint';
import { firstAudioOf, forgetFirstAudio } from '../player/first-audio';
import type { AppState } from './index';

/**
 * What the episode view draws first: the open episode's facts and waveform. J and K set it from what is in hand (the
 * list's row, its first asset and kept peaks) before the detail comes; `turns` is null until then.
 */
export interface EpisodeStage {
  episode: EpisodeRow;
  asset: AudioAssetInfo | null;
  peaks: AudioPeaks | null;
  turns: Turn[] | null;
}

/** State and actions for the episode being replayed. */
export interface EpisodeSlice {
  episodeId: number | null;
  detail: EpisodeDetail | null;
  peaks: AudioPeaks | null;
  stage: EpisodeStage | null;
  openEpisode(episodeId: number): Promise<void>;
  closeEpisode(): void;
  /** Fetches the open episode again (e.g. the judge is revealed after a commit), keeping playback. */
  reloadDetail(): Promise<void>;
  stepEpisode(delta: 1 | -1): Promise<void>;
}

/** How long the side panels wait at most for the open episode's audio to be playable. */
const PANELS_WAIT_FOR_MEDIA_MS = 300;

let openSeq = 0;
let cancelPrefetch = () => {};

/** Adds the current annotator to a call's input, so the main side can withhold what the study hides from them. */
export function withAnnotator<T extends object>(input: T, annotatorId: number | null): T & { annotatorId?: number } {
  return annotatorId === null ? input : { ...input, annotatorId };
}

/**
 * The stage of an episode from what is in hand — the list's row (as blind as the list), its first asset and kept peaks
 * of that asset — or nothing when any is missing (the stage then waits for the detail).
 */
function stageInHand(
  rows: readonly (EpisodeRow | undefined)[],
  episodeId: number,
  asset: AudioAssetInfo | null | undefined,
): { stage: EpisodeStage } | object {
  const episode = rows.find((r) => r?.id === episodeId);
  const peaks = peaksInHand(episodeId);
  if (!episode || !asset || peaks?.assetId !== asset.id) return {};
  return { stage: { episode, asset, peaks, turns: null } };
}

/** Creates the episode slice. */
export const createEpisodeSlice: StateCreator<AppState, [], [], EpisodeSlice> = (set, get) => ({
  episodeId: null,
  detail: null,
  peaks: null,
  stage: null,
  async openEpisode(episodeId) {
    const seq = ++openSeq;
    markOpen('open');
    cancelPrefetch();
    // Both asked for at once, before React redraws the list, the peaks first (the main side answers in order): with the
    // row and its known first asset they are enough to draw the lanes. The media starts loading with whichever names
    // the asset first (kept peaks: at once).
    const pendingPeaks = episodePeaks(episodeId);
    const pending = call('episodes.get', withAnnotator({ episodeId }, get().annotatorId));
    // Once per open: the waveform may take the element before the last reply names the asset again.
    let started: number | undefined;
    const start = (assetId: number | undefined) => {
      if (assetId === undefined || assetId === started || seq !== openSeq) return;
      started = assetId;
      prepareMedia(assetId);
    };
    // The list asked for its rows' first assets: the audio starts now, with no reply to wait for.
    const asset = firstAudioOf(episodeId);
    start(asset?.id);
    set({ episodeId, activeTurn: -1, playing: false, ...stageInHand(get().rows, episodeId, asset) });
    try {
      void pending.then(
        (d) => (markOpen('detail'), start(d.audio[0]?.id)),
        () => {},
      );
      void pendingPeaks.then(
        (p) => {
          markOpen('peaks');
          start(p?.assetId);
          if (seq === openSeq && get().stage?.episode.id !== episodeId) set(stageInHand(get().rows, episodeId, asset));
        },
        () => {},
      );
      const detail = await pending;
      const peaks = detail.audio[0] ? await pendingPeaks : null;
      if (seq !== openSeq) return;
      const stage = { episode: detail.episode, asset: detail.audio[0] ?? null, peaks, turns: detail.turns };
      set({ peaks, stage, error: null });
      // The side panels and the transcript follow a painted frame later, so the header and lanes are drawn first, and
      // once the audio can play (or a moment at most), so its canplay is not queued behind their render.
      await new Promise<void>((resolve) => afterPaint(resolve));
      await mediaPlayable(stage.asset?.id, PANELS_WAIT_FOR_MEDIA_MS);
      if (seq !== openSeq) return;
      set({ detail });
      const { rows } = get();
      const at = rows.findIndex((r) => r?.id === episodeId);
      const neighbours = [rows[at + 1]?.id, rows[at - 1]?.id].filter((id): id is number => at >= 0 && id !== undefined);
      cancelPrefetch = prefetchPeaks(neighbours);
    } catch (err) {
      if (seq === openSeq) set({ error: (err as Error).message, detail: null, peaks: null, stage: null });
    }
  },
  async reloadDetail() {
    const { episodeId, detail } = get();
    if (episodeId === null || !detail) return;
    try {
      const next = await call('episodes.get', withAnnotator({ episodeId }, get().annotatorId));
      // Only over this episode's own detail (another's may still show while this one's is on its way).
      const shown = get().detail;
      if (get().episodeId !== episodeId || shown?.episode.id !== episodeId) return;
      const stage = get().stage;
      set({ detail: { ...next, turns: shown.turns }, stage: stage && { ...stage, episode: next.episode } });
    } catch (err) {
      set({ error: (err as Error).message });
    }
  },
  closeEpisode() {
    openSeq++;
    cancelPrefetch();
    forgetPeaks();
    forgetFirstAudio();
    set({ episodeId: null, detail: null, peaks: null, stage: null, activeTurn: -1, playing: false });
  },
  async stepEpisode(delta) {
    const { rows, total, episodeId } = get();
    if (total === 0) return;
    const at = episodeId === null ? -1 : rows.findIndex((r) => r?.id === episodeId);
    const next = at < 0 ? 0 : Math.min(total - 1, Math.max(0, at + delta));
    await get().ensureRows(next, next + 1);
    const row = get().rows[next];
    if (row && row.id !== episodeId) await get().openEpisode(row.id);
  },
});
