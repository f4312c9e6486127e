import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from './dispatch';
import type { AudioPeaks, EpisodeDetail, EpisodeRow } from '../../shared/domain';
import { peakBytes } from '../../shared/peaks-codec';

let t: TempServices;
beforeAll(async () => {
  t = await tempServices();
});
afterAll(() => t.cleanup());

async function ok<T>(method: string, input: unknown): Promise<T> {
  const res = await dispatch(t.services, method, input);
  if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
  return res.result as T;
}

describe('episodes.peaks', () => {
  it("answers an episode's first asset's peaks, whole or cut to the loudest of each span", async () => {
    const episodes = await ok<EpisodeRow[]>('episodes.list', { studyId: 1 });
    const id = episodes.find((e) => e.externalId === 'demo-retail-order-status')!.id;
    const detail = await ok<EpisodeDetail>('episodes.get', { episodeId: id });
    const stored = await ok<AudioPeaks>('audio.peaks', { assetId: detail.audio[0].id });
    expect(await ok<{ peaks: AudioPeaks }>('episodes.peaks', { episodeId: id })).toEqual({ peaks: stored });
    const { peaks: cut } = await ok<{ peaks: AudioPeaks }>('episodes.peaks', { episodeId: id, maxBuckets: 100 });
    expect(cut).toMatchObject({ assetId: stored.assetId, channels: 2, buckets: 100, durationMs: stored.durationMs });
    expect(cut.peaksPerSecond).toBeCloseTo((stored.peaksPerSecond * 100) / stored.buckets, 9);
    const all = peakBytes(stored);
    const lane1 = all.subarray(stored.buckets);
    const first = Math.floor(stored.buckets / 100);
    expect(peakBytes(cut)[100]).toBe(Math.max(...lane1.subarray(0, first)));
    expect(Math.max(...peakBytes(cut))).toBe(Math.max(...all));
  });

  it('answers not_found for a missing episode', async () => {
    const res = await dispatch(t.services, 'episodes.peaks', { episodeId: 9999 });
    expect(res).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
