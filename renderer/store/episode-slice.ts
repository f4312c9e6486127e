/** The open episode: its detail, its waveform peaks, and moving between episodes. */
import type { StateCreator } from 'zustand';
import type { AudioPeaks, EpisodeDetail } from '../../shared/domain';
import { call } from '../api/client';
import { prepareMedia } from '../player/media';
import { episodePeaks, forgetPeaks, prefetchPeaks } from '../player/episode-peaks';
import { markOpen } from '../player/open-marks';
import type { AppState } from './index';

/** State and actions for the episode being replayed. */
export interface EpisodeSlice {
  episodeId: number | null;
  detail: EpisodeDetail | null;
  peaks: AudioPeaks | null;
  openEpisode(episodeId: number): Promise<void>;
  closeEpisode(): void;
  /** Fetches the open episode again (e.g. the judge is revealed after a commit), keeping playback. */
  reloadDetail(): Promise<void>;
  stepEpisode(delta: 1 | -1): Promise<void>;
}

let openSeq = 0;
let cancelPrefetch = () => {};

/** Adds the current annotator to a call's input, so the main side can withhold what the study hides from them. */
export function withAnnotator<T extends object>(input: T, annotatorId: number | null): T & { annotatorId?: number } {
  return annotatorId === null ? input : { ...input, annotatorId };
}

/** Creates the episode slice. */
export const createEpisodeSlice: StateCreator<AppState, [], [], EpisodeSlice> = (set, get) => ({
  episodeId: null,
  detail: null,
  peaks: null,
  async openEpisode(episodeId) {
    const seq = ++openSeq;
    markOpen('open');
    cancelPrefetch();
    // Both asked for at once, before React redraws the list; the media starts loading with whichever names the asset
    // first (kept peaks: at once).
    const pending = call('episodes.get', withAnnotator({ episodeId }, get().annotatorId));
    const pendingPeaks = episodePeaks(episodeId);
    set({ episodeId, activeTurn: -1, playing: false });
    try {
      const start = (assetId: number | undefined) => assetId !== undefined && seq === openSeq && prepareMedia(assetId);
      void pending.then(
        (d) => (markOpen('detail'), start(d.audio[0]?.id)),
        () => {},
      );
      void pendingPeaks.then(
        (p) => (markOpen('peaks'), start(p?.assetId)),
        () => {},
      );
      const detail = await pending;
      const peaks = detail.audio[0] ? await pendingPeaks : null;
      if (seq !== openSeq) return;
      set({ detail, peaks, error: null });
      const { rows } = get();
      const at = rows.findIndex((r) => r?.id === episodeId);
      const neighbours = [rows[at + 1]?.id, rows[at - 1]?.id].filter((id): id is number => at >= 0 && id !== undefined);
      cancelPrefetch = prefetchPeaks(neighbours);
    } catch (err) {
      if (seq === openSeq) set({ error: (err as Error).message, detail: null, peaks: null });
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
      set({ detail: { ...next, turns: shown.turns } });
    } catch (err) {
      set({ error: (err as Error).message });
    }
  },
  closeEpisode() {
    openSeq++;
    cancelPrefetch();
    forgetPeaks();
    set({ episodeId: null, detail: null, peaks: null, activeTurn: -1, playing: false });
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
