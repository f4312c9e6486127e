import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioAssetInfo } from '../../shared/domain';
import { calls, CallFailed, handlers, resetFakeClient } from '../../test-support/renderer-client';

vi.mock('../api/client', async () => (await import('../../test-support/renderer-client')).fakeClientModule);

const { firstAudioOf, forgetFirstAudio, learnFirstAudio } = await import('./first-audio');
const asset = (id: number) => ({ id }) as AudioAssetInfo;

beforeEach(() => {
  resetFakeClient();
  forgetFirstAudio();
  // episodes 1 and 2 have audio (assets 11 and 12), episode 3 has none
  handlers.set('episodes.firstAudio', (i) => ({
    audio: (i.episodeIds as number[])
      .filter((id) => id < 3)
      .map((episodeId) => ({ episodeId, asset: asset(10 + episodeId) })),
  }));
});

describe('the first audio of listed episodes', () => {
  it('asks once per episode and tells a call without audio from one not asked about', async () => {
    await learnFirstAudio([1, 3, 1]);
    await learnFirstAudio([1, 2, 3]);
    expect(calls).toEqual([
      ['episodes.firstAudio', { episodeIds: [1, 3] }],
      ['episodes.firstAudio', { episodeIds: [2] }],
    ]);
    expect([firstAudioOf(1), firstAudioOf(2), firstAudioOf(3), firstAudioOf(4)]).toEqual([
      asset(11),
      asset(12),
      null,
      undefined,
    ]);
  });

  it('does not ask again for episodes whose answer is on its way, and asks again after a failure', async () => {
    const first = learnFirstAudio([1]);
    await learnFirstAudio([1]);
    await first;
    expect(calls).toHaveLength(1);
    forgetFirstAudio();
    handlers.set('episodes.firstAudio', () => {
      throw new CallFailed('internal', 'down');
    });
    await learnFirstAudio([1]);
    expect(firstAudioOf(1)).toBeUndefined();
    handlers.set('episodes.firstAudio', () => ({ audio: [{ episodeId: 1, asset: asset(11) }] }));
    await learnFirstAudio([1]);
    expect(firstAudioOf(1)).toEqual(asset(11));
  });
});
