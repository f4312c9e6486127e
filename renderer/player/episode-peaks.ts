/**
 * The peaks the waveform opens an episode with: the overview (OVERVIEW_BUCKETS per channel), asked for by episode id
 * with the episode itself, and kept for the open episode, its neighbours and the last few opened, so J and K draw
 * without waiting for the main side. Every stored bucket is asked for only when zoom needs it.
 */
import type { AudioPeaks } from '../../shared/domain';
import { OVERVIEW_BUCKETS } from '../../shared/peaks-codec';
import { call } from '../api/client';
import { createPromiseLru } from './promise-lru';
import { whenIdle } from './idle';

/** Episodes whose overview peaks are kept: the open one, one on each side, and the last few opened. */
export const PEAKS_KEPT = 6;

/** The answers already in, for drawing with no wait; only those of episodes still kept are read. */
let settled = new Map<number, AudioPeaks | null>();

const kept = createPromiseLru(PEAKS_KEPT, (episodeId: number) => {
  const into = settled;
  return call('episodes.peaks', { episodeId, maxBuckets: OVERVIEW_BUCKETS }).then((r) => {
    into.set(episodeId, r.peaks);
    for (const id of into.keys()) if (!kept.has(id)) into.delete(id);
    return r.peaks;
  });
});

/** The overview peaks of an episode's first audio asset (null without audio), from memory when kept. */
export function episodePeaks(episodeId: number): Promise<AudioPeaks | null> {
  return kept.get(episodeId);
}

/** The kept overview peaks of an episode if they are already in (null without audio); undefined otherwise. */
export function peaksInHand(episodeId: number): AudioPeaks | null | undefined {
  return kept.has(episodeId) ? settled.get(episodeId) : undefined;
}

/** Forgets every kept episode's peaks (ids may name other episodes once the studio shows another study or import). */
export function forgetPeaks(): void {
  kept.clear();
  settled = new Map();
}

/** When the page is next idle, asks for the peaks of these episodes (the open one's neighbours); returns the cancel. */
export function prefetchPeaks(episodeIds: readonly number[]): () => void {
  return whenIdle(() => {
    for (const id of episodeIds) if (!kept.has(id)) kept.get(id).catch(() => {});
  }, 1000);
}

/** Every stored bucket of an asset's peaks, for zoom past the overview. */
export function fullPeaks(assetId: number): Promise<AudioPeaks> {
  return call('audio.peaks', { assetId });
}
