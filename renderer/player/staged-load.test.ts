import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type WaveSurfer from 'wavesurfer.js';
import { afterDrawnAndPlayable, initialPeaks, sharpenWhenZoomed } from './staged-load';
import { OVERVIEW_BUCKETS } from '../../shared/peaks-codec';
import type { AudioPeaks } from '../../shared/domain';

const peaksOf = (buckets: number): AudioPeaks => ({
  assetId: 1, channels: 2, buckets, data: Buffer.alloc(2 * buckets, 128).toString('base64'), peaksPerSecond: 10, durationMs: buckets * 100,
});

/** A media element as far as staging looks at it. */
const mediaAt = (readyState: number) => Object.assign(new EventTarget(), { readyState }) as unknown as HTMLMediaElement;

describe('afterDrawnAndPlayable', () => {
  let idle: (() => void)[];
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    vi.stubGlobal('cancelIdleCallback', (id: number) => (idle[id - 1] = () => {}));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds the extras when idle only after the lanes are drawn and the media can play', () => {
    const media = mediaAt(0);
    const extras = vi.fn();
    const staging = afterDrawnAndPlayable(media, extras);
    staging.drawn();
    expect(idle).toHaveLength(0);
    media.dispatchEvent(new Event('canplay'));
    expect(idle).toHaveLength(1);
    idle[0]();
    expect(extras).toHaveBeenCalledOnce();
  });

  it('waits for the lanes when the media is ready first', () => {
    const media = mediaAt(0);
    const staging = afterDrawnAndPlayable(media, () => {});
    media.dispatchEvent(new Event('canplay'));
    media.dispatchEvent(new Event('error'));
    expect(idle).toHaveLength(0);
    staging.drawn();
    expect(idle).toHaveLength(1);
  });

  it('does not wait for media that can already play, or that failed', () => {
    afterDrawnAndPlayable(mediaAt(4), () => {}).drawn();
    const failed = mediaAt(0);
    afterDrawnAndPlayable(failed, () => {}).drawn();
    failed.dispatchEvent(new Event('error'));
    expect(idle).toHaveLength(2);
  });

  it('adds nothing once cancelled', () => {
    const media = mediaAt(0);
    const staging = afterDrawnAndPlayable(media, () => {});
    staging.cancel();
    staging.drawn();
    media.dispatchEvent(new Event('canplay'));
    expect(idle).toHaveLength(0);
  });
});

describe('overview, then every bucket', () => {
  it('starts long calls with the overview and short ones with every bucket', () => {
    expect(initialPeaks(peaksOf(OVERVIEW_BUCKETS * 6))[0]).toHaveLength(OVERVIEW_BUCKETS);
    expect(initialPeaks(peaksOf(1000))[1]).toHaveLength(1000);
  });

  it('redraws with every bucket once the waveform is wider than the overview, and only once', () => {
    vi.stubGlobal('devicePixelRatio', 1);
    const listeners = new Map<string, () => void>();
    const wrapper = { scrollWidth: 800 };
    const render = vi.fn();
    const setOptions = vi.fn();
    const ws = {
      on: (event: string, fn: () => void) => (listeners.set(event, fn), () => listeners.delete(event)),
      getWrapper: () => wrapper,
      setOptions,
      getDecodedData: () => ({ full: true }),
      getRenderer: () => ({ render }),
    } as unknown as WaveSurfer;
    const peaks = peaksOf(OVERVIEW_BUCKETS * 6);
    const stop = sharpenWhenZoomed(ws, peaks, () => Promise.reject(new Error('not asked: peaks has every bucket')));
    listeners.get('resize')!();
    expect(setOptions).not.toHaveBeenCalled();
    wrapper.scrollWidth = OVERVIEW_BUCKETS + 1;
    listeners.get('zoom')!();
    listeners.get('zoom')!();
    expect(setOptions).toHaveBeenCalledOnce();
    expect(setOptions.mock.calls[0][0].peaks[0]).toHaveLength(peaks.buckets);
    expect(render).toHaveBeenCalledWith({ full: true });
    stop();
    expect(listeners.size).toBe(0);
    vi.unstubAllGlobals();
  });

  it('asks for every bucket when it was given the overview, draws them once they come, and nothing after stop', async () => {
    vi.stubGlobal('devicePixelRatio', 1);
    const listeners = new Map<string, () => void>();
    const render = vi.fn();
    const setOptions = vi.fn();
    const ws = {
      on: (event: string, fn: () => void) => (listeners.set(event, fn), () => listeners.delete(event)),
      getWrapper: () => ({ scrollWidth: OVERVIEW_BUCKETS * 2 }),
      setOptions,
      getDecodedData: () => ({ full: true }),
      getRenderer: () => ({ render }),
    } as unknown as WaveSurfer;
    const all = peaksOf(OVERVIEW_BUCKETS * 6);
    const full = vi.fn(() => Promise.resolve(all));
    sharpenWhenZoomed(ws, peaksOf(OVERVIEW_BUCKETS), full);
    listeners.get('zoom')!();
    listeners.get('zoom')!();
    await Promise.resolve();
    expect(full).toHaveBeenCalledOnce();
    expect(setOptions.mock.calls[0][0].peaks[0]).toHaveLength(all.buckets);
    expect(render).toHaveBeenCalledOnce();
    const later = vi.fn(() => Promise.resolve(all));
    const stop = sharpenWhenZoomed(ws, peaksOf(OVERVIEW_BUCKETS), later);
    listeners.get('zoom')!();
    stop();
    await Promise.resolve();
    expect(later).toHaveBeenCalledOnce();
    expect(render).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });
});
