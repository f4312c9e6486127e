import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { dispatch } from './dispatch';
import type { EpisodeDetail, EpisodeRow } from '../../shared/domain';

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

describe('episodes.firstAudio', () => {
  it("answers each listed episode's first asset as episodes.get lists it, leaving out missing episodes", async () => {
    const episodes = await ok<EpisodeRow[]>('episodes.list', { studyId: 1 });
    const details = await Promise.all(episodes.map((e) => ok<EpisodeDetail>('episodes.get', { episodeId: e.id })));
    const withAudio = details.filter((d) => d.audio.length > 0);
    expect(withAudio.length).toBeGreaterThan(1);
    const ids = [...withAudio.map((d) => d.episode.id), 999_999, withAudio[0].episode.id];
    const { audio } = await ok<{ audio: { episodeId: number; asset: unknown }[] }>('episodes.firstAudio', {
      episodeIds: ids,
    });
    expect(audio).toEqual(withAudio.map((d) => ({ episodeId: d.episode.id, asset: d.audio[0] })));
  });

  it('refuses an empty list', async () => {
    const res = await dispatch(t.services, 'episodes.firstAudio', { episodeIds: [] });
    expect(res).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
