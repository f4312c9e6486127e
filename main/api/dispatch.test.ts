import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from './dispatch';
import type { EpisodeDetail, EpisodeRow, StudySummary, AudioPeaks } from '../../shared/domain';
import { decodePeaks } from '../../shared/peaks-codec';

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

describe('handlers over the demo study', () => {
  it('lists the demo study, imported on first use', async () => {
    const studies = await ok<StudySummary[]>('studies.list', {});
    expect(studies).toHaveLength(1);
    expect(studies[0]).toMatchObject({ name: 'Demo study', episodeCount: 10 });
  });

  it('lists episodes with the judge label of each', async () => {
    const episodes = await ok<EpisodeRow[]>('episodes.list', { studyId: 1 });
    expect(episodes.map((e) => e.externalId)).toContain('vera_demo_math_01');
    const vera = episodes.find((e) => e.externalId === 'vera_demo_math_01')!;
    expect(vera.judgeLabel).toBe('INCORRECT');
    expect(vera.condition.track).toBe('mathematical_reasoning');
  });

  it('returns an episode with ordered, audio-aligned turns and its stereo asset', async () => {
    const episodes = await ok<EpisodeRow[]>('episodes.list', { studyId: 1 });
    const id = episodes.find((e) => e.externalId === 'demo-retail-order-status')!.id;
    const detail = await ok<EpisodeDetail>('episodes.get', { episodeId: id });
    expect(detail.turns.map((x) => x.speaker)).toEqual(['agent', 'user', 'tool', 'agent', 'user', 'agent']);
    expect(detail.turns[2].tool?.name).toBe('find_order');
    const asset = detail.audio[0];
    expect(asset).toMatchObject({ channels: 2, lanes: ['user', 'agent'], sampleRate: 8000, format: 'wav/pcm_s16' });
    const last = detail.turns[detail.turns.length - 1];
    expect(last.endMs!).toBeLessThanOrEqual(asset.durationMs);
    const peaks = await ok<AudioPeaks>('audio.peaks', { assetId: asset.id });
    const lanes = decodePeaks(peaks);
    expect(lanes).toHaveLength(2);
    expect(lanes[0].length).toBe(Math.ceil((asset.durationMs / 1000) * peaks.peaksPerSecond));
    const bucket = (ms: number) => Math.floor((ms / 1000) * peaks.peaksPerSecond);
    const userTurn = detail.turns[1];
    const mid = bucket((userTurn.startMs! + userTurn.endMs!) / 2);
    const around = (lane: Float32Array) => Math.max(...lane.slice(mid - 20, mid + 20));
    expect(around(lanes[0])).toBeGreaterThan(0.1);
    expect(around(lanes[1])).toBeLessThan(0.01);
  });

  it('answers not_found for a missing episode, study or asset', async () => {
    for (const [m, input] of [['episodes.get', { episodeId: 9999 }], ['episodes.list', { studyId: 9999 }], ['audio.peaks', { assetId: 9999 }]] as const) {
      const res = await dispatch(t.services, m, input);
      expect(res).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
  });

  it('turns an unknown method or bad input into a typed error without throwing', async () => {
    await expect(dispatch(t.services, 'nope', {})).resolves.toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    await expect(dispatch(t.services, 'episodes.get', { episodeId: 'x' })).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    await expect(dispatch(t.services, 42, null)).resolves.toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });
});
