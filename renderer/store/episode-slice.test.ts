// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioAssetInfo, AudioPeaks, EpisodeDetail, EpisodeRow } from '../../shared/domain';
import {
  CallFailed,
  calls,
  deferred,
  handlers,
  methodsCalled,
  resetFakeClient,
  settleDeferreds,
} from '../../test-support/renderer-client';

vi.mock('../api/client', async () => (await import('../../test-support/renderer-client')).fakeClientModule);
vi.mock('../player/media', async () => (await import('../../test-support/renderer-media')).fakeMediaModule);
// The detail follows the stage after a painted frame; here, after a microtask unless a test holds the frame.
vi.mock('../player/after-paint', () => ({
  afterPaint: vi.fn((fn: () => void) => (queueMicrotask(fn), () => undefined)),
}));

const { useApp } = await import('./index');
const { withAnnotator } = await import('./episode-slice');
const { PAGE_SIZE } = await import('./studies-slice');
const { OVERVIEW_BUCKETS } = await import('../../shared/peaks-codec');
const media = await import('../player/media');
const { afterPaint } = await import('../player/after-paint');
const firstAudio = await import('../player/first-audio');
const episodePeaks = await import('../player/episode-peaks');

const turn = (text: string) => ({ index: 0, speaker: 'agent', text }) as unknown as EpisodeDetail['turns'][number];
const detailOf = (id: number, audioId: number | null, text = `turn of ${id}`) =>
  ({
    episode: { id },
    turns: [turn(text)],
    audio: audioId === null ? [] : [{ id: audioId }],
    judgements: [],
    judgeHidden: false,
  }) as unknown as EpisodeDetail;
const peaksOf = (assetId: number) => ({ assetId, channels: 1, buckets: 0, data: '' }) as unknown as AudioPeaks;
const row = (id: number) => ({ id, externalId: `e${id}` }) as EpisodeRow;

afterEach(settleDeferreds);
beforeEach(() => {
  resetFakeClient();
  vi.mocked(media.prepareMedia).mockClear();
  vi.mocked(media.mediaPlayable).mockClear();
  useApp.getState().closeEpisode(); // forgets the peaks kept by an earlier test
  useApp.setState(useApp.getInitialState(), true);
  useApp.setState({ studyId: 1, annotatorId: 7 });
  handlers.set('episodes.get', (i) => detailOf(i.episodeId as number, 100 + (i.episodeId as number)));
  handlers.set('episodes.peaks', (i) => ({ peaks: peaksOf(100 + (i.episodeId as number)) }));
});

describe('withAnnotator', () => {
  it('adds the annotator to an input only when one is chosen', () => {
    expect(withAnnotator({ episodeId: 1 }, 7)).toEqual({ episodeId: 1, annotatorId: 7 });
    expect(withAnnotator({ episodeId: 1 }, null)).toEqual({ episodeId: 1 });
  });
});

describe('opening an episode', () => {
  it('asks for the peaks and the detail (as the current annotator) at once, starts its audio, shows both', async () => {
    useApp.setState({ activeTurn: 3, playing: true });
    const opening = useApp.getState().openEpisode(5);
    expect([useApp.getState().episodeId, useApp.getState().activeTurn, useApp.getState().playing]).toEqual([
      5,
      -1,
      false,
    ]);
    await opening;
    expect(calls).toEqual([
      ['episodes.peaks', { episodeId: 5, maxBuckets: OVERVIEW_BUCKETS }],
      ['episodes.get', { episodeId: 5, annotatorId: 7 }],
    ]);
    expect(media.prepareMedia).toHaveBeenCalledWith(105);
    expect(useApp.getState().detail?.episode.id).toBe(5);
    expect(useApp.getState().peaks?.assetId).toBe(105);
  });

  it('stages the header and lanes first and hands the detail to the rest of the view after a painted frame', async () => {
    let paint = () => {};
    vi.mocked(afterPaint).mockImplementationOnce((fn) => ((paint = fn), () => undefined));
    const opening = useApp.getState().openEpisode(5);
    await vi.waitFor(() => expect(useApp.getState().stage?.episode.id).toBe(5));
    expect(useApp.getState().stage?.turns?.map((t) => t.text)).toEqual(['turn of 5']);
    expect(useApp.getState().detail).toBeNull();
    paint();
    await opening;
    expect(useApp.getState().detail?.episode.id).toBe(5);
  });

  it('hands the detail over only once the audio of the call can play', async () => {
    let playable = () => {};
    vi.mocked(media.mediaPlayable).mockImplementationOnce(() => new Promise<void>((resolve) => (playable = resolve)));
    const opening = useApp.getState().openEpisode(5);
    await vi.waitFor(() => expect(media.mediaPlayable).toHaveBeenCalledWith(105, expect.any(Number)));
    expect(useApp.getState().stage?.episode.id).toBe(5);
    expect(useApp.getState().detail).toBeNull();
    playable();
    await opening;
    expect(useApp.getState().detail?.episode.id).toBe(5);
  });

  it('opens a call without audio with no peaks and no media', async () => {
    handlers.set('episodes.get', (i) => detailOf(i.episodeId as number, null));
    handlers.set('episodes.peaks', () => ({ peaks: null }));
    await useApp.getState().openEpisode(5);
    expect(methodsCalled()).toEqual(['episodes.peaks', 'episodes.get']);
    expect(useApp.getState().peaks).toBeNull();
    expect(media.prepareMedia).not.toHaveBeenCalled();
  });

  it('drops the answer for an episode left before it arrived, and starts no audio for it', async () => {
    const slow = deferred<EpisodeDetail>();
    const slowPeaks = deferred<{ peaks: AudioPeaks }>();
    handlers.set('episodes.get', (i) => (i.episodeId === 1 ? slow.promise : detailOf(2, 102)));
    handlers.set('episodes.peaks', (i) => (i.episodeId === 1 ? slowPeaks.promise : { peaks: peaksOf(102) }));
    const first = useApp.getState().openEpisode(1);
    await useApp.getState().openEpisode(2);
    slowPeaks.resolve({ peaks: peaksOf(101) });
    slow.resolve(detailOf(1, 101));
    await first;
    expect(useApp.getState().detail?.episode.id).toBe(2);
    expect(useApp.getState().peaks?.assetId).toBe(102);
    expect(media.prepareMedia).not.toHaveBeenCalledWith(101);
    expect(media.prepareMedia).toHaveBeenCalledWith(102);
  });

  it('shows a failure and nothing of the episode; a failure of an episode left is not shown', async () => {
    handlers.set('episodes.get', () => {
      throw new CallFailed('not_found', 'episode 9 not found');
    });
    await useApp.getState().openEpisode(9);
    expect([useApp.getState().error, useApp.getState().detail, useApp.getState().peaks]).toEqual([
      'episode 9 not found',
      null,
      null,
    ]);
    const failing = deferred<EpisodeDetail>();
    handlers.set('episodes.get', (i) => (i.episodeId === 9 ? failing.promise : detailOf(2, 102)));
    const left = useApp.getState().openEpisode(9);
    await useApp.getState().openEpisode(2);
    useApp.setState({ error: null });
    failing.reject(new CallFailed('not_found', 'episode 9 not found'));
    await left;
    expect([useApp.getState().error, useApp.getState().detail?.episode.id]).toEqual([null, 2]);
  });

  it('closing clears the episode and makes an answer still on its way count for nothing', async () => {
    const slow = deferred<EpisodeDetail>();
    handlers.set('episodes.get', () => slow.promise);
    const opening = useApp.getState().openEpisode(1);
    useApp.getState().closeEpisode();
    slow.resolve(detailOf(1, 101));
    await opening;
    const s = useApp.getState();
    expect([s.episodeId, s.detail, s.peaks, s.activeTurn, s.playing]).toEqual([null, null, null, -1, false]);
  });
});

describe('fetching the open episode again', () => {
  it('takes the new detail but keeps the turns already shown', async () => {
    await useApp.getState().openEpisode(5);
    const shownTurns = useApp.getState().detail!.turns;
    handlers.set('episodes.get', () => ({ ...detailOf(5, 105, 'fetched again'), judgeHidden: true }));
    await useApp.getState().reloadDetail();
    expect(useApp.getState().detail?.judgeHidden).toBe(true);
    expect(useApp.getState().detail?.turns).toBe(shownTurns);
  });

  it('does nothing with no episode open, and drops an answer for an episode left', async () => {
    await useApp.getState().reloadDetail();
    expect(calls).toEqual([]);
    await useApp.getState().openEpisode(5);
    const slow = deferred<EpisodeDetail>();
    handlers.set('episodes.get', () => slow.promise);
    const reloading = useApp.getState().reloadDetail();
    useApp.getState().closeEpisode();
    slow.resolve(detailOf(5, 105));
    await reloading;
    expect(useApp.getState().detail).toBeNull();
  });

  it('never pairs an episode with the turns of the one open before it', async () => {
    await useApp.getState().openEpisode(1);
    const opening = deferred<EpisodeDetail>();
    const reload = deferred<EpisodeDetail>();
    handlers.set(
      'episodes.get',
      () => (calls.filter(([m]) => m === 'episodes.get').length === 2 ? opening : reload).promise,
    );
    const open2 = useApp.getState().openEpisode(2); // episode 1's detail still shows while 2's is on its way
    const reloading = useApp.getState().reloadDetail();
    opening.resolve(detailOf(2, 102));
    await open2;
    reload.resolve(detailOf(2, 102));
    await reloading;
    expect(useApp.getState().detail?.episode.id).toBe(2);
    expect(useApp.getState().detail?.turns.map((t) => t.text)).toEqual(['turn of 2']);
  });
});

describe('stepping through the list', () => {
  const rows = (total: number, loaded: number) => {
    const list: (EpisodeRow | undefined)[] = new Array(total);
    for (let i = 0; i < loaded; i++) list[i] = row(i + 1);
    return list;
  };

  it('opens the next or previous row, stopping at either end', async () => {
    useApp.setState({ total: 3, rows: rows(3, 3) });
    await useApp.getState().stepEpisode(1);
    expect(useApp.getState().episodeId).toBe(1); // nothing open: the first row
    await useApp.getState().stepEpisode(1);
    await useApp.getState().stepEpisode(1);
    expect(useApp.getState().episodeId).toBe(3);
    calls.length = 0;
    await useApp.getState().stepEpisode(1);
    expect(calls).toEqual([]); // the last row stays open
    await useApp.getState().stepEpisode(-1);
    expect(useApp.getState().episodeId).toBe(2);
  });

  it('loads the page of the next row when it is not loaded yet', async () => {
    useApp.setState({ total: PAGE_SIZE + 1, rows: rows(PAGE_SIZE + 1, PAGE_SIZE) });
    handlers.set('episodes.query', (i) => ({ total: PAGE_SIZE + 1, offset: i.offset, rows: [row(PAGE_SIZE + 1)] }));
    useApp.setState({ episodeId: PAGE_SIZE });
    await useApp.getState().stepEpisode(1);
    expect(calls[0]).toEqual(['episodes.query', { studyId: 1, offset: PAGE_SIZE, limit: PAGE_SIZE, annotatorId: 7 }]);
    expect(useApp.getState().episodeId).toBe(PAGE_SIZE + 1);
  });

  it('does nothing on an empty list', async () => {
    await useApp.getState().stepEpisode(1);
    expect([calls, useApp.getState().episodeId]).toEqual([[], null]);
  });
});

describe('opening before any reply', () => {
  const asset = (id: number) => ({ id, role: 'call', lanes: ['user', 'agent'] }) as unknown as AudioAssetInfo;
  beforeEach(() => {
    handlers.set('episodes.firstAudio', (i) => ({
      audio: (i.episodeIds as number[]).map((episodeId) => ({ episodeId, asset: asset(100 + episodeId) })),
    }));
  });

  it("starts the audio on the press when the list knows the episode's first asset", async () => {
    await firstAudio.learnFirstAudio([5]);
    const opening = useApp.getState().openEpisode(5);
    expect(media.prepareMedia).toHaveBeenCalledWith(105); // before either reply
    await opening;
    expect(vi.mocked(media.prepareMedia).mock.calls).toEqual([[105]]); // not again when the replies name it
    expect(useApp.getState().stage).toMatchObject({ episode: { id: 5 }, asset: { id: 105 }, peaks: { assetId: 105 } });
  });

  it('stages a kept neighbour from its row, asset and peaks at once; its detail completes the stage', async () => {
    useApp.setState({ total: 2, rows: [row(1), row(2)] });
    await useApp.getState().openEpisode(1);
    await Promise.all([firstAudio.learnFirstAudio([2]), episodePeaks.episodePeaks(2)]);
    const slow = deferred<EpisodeDetail>();
    handlers.set('episodes.get', () => slow.promise);
    const stepping = useApp.getState().stepEpisode(1);
    await Promise.resolve(); // stepEpisode awaits ensureRows (loaded) before it opens
    const staged = useApp.getState();
    expect(staged.stage).toEqual({ episode: row(2), asset: asset(102), peaks: peaksOf(102), turns: null });
    expect(staged.detail?.episode.id).toBe(1); // the detail is not guessed
    slow.resolve(detailOf(2, 102));
    await stepping;
    expect(useApp.getState().stage?.turns?.map((t) => t.text)).toEqual(['turn of 2']);
    expect(useApp.getState().stage?.episode.id).toBe(2);
  });

  it('stages a listed episode as soon as its peaks come, before its detail', async () => {
    useApp.setState({ total: 1, rows: [row(5)] });
    await firstAudio.learnFirstAudio([5]);
    const slow = deferred<EpisodeDetail>();
    handlers.set('episodes.get', () => slow.promise);
    const opening = useApp.getState().openEpisode(5);
    await vi.waitFor(() => expect(useApp.getState().stage?.episode).toEqual(row(5)));
    expect(useApp.getState().stage?.turns).toBeNull();
    slow.resolve(detailOf(5, 105));
    await opening;
    expect(useApp.getState().stage?.turns).toHaveLength(1);
  });

  it('waits for the detail when the kept peaks are not of the known asset', async () => {
    useApp.setState({ total: 2, rows: [row(1), row(2)] });
    await useApp.getState().openEpisode(1);
    handlers.set('episodes.peaks', () => ({ peaks: peaksOf(999) }));
    await Promise.all([firstAudio.learnFirstAudio([2]), episodePeaks.episodePeaks(2)]);
    const opening = useApp.getState().openEpisode(2);
    expect(useApp.getState().stage?.episode.id).toBe(1);
    await opening;
    expect(useApp.getState().stage?.episode.id).toBe(2);
  });
});
