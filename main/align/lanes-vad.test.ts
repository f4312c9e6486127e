import { describe, expect, it } from 'vitest';
import { buildSyntheticCall } from '../../test-support/synthetic-call';
import { lanesVoiceActivity } from './lanes-vad';
import { voiceActivity } from './vad';

describe('lanesVoiceActivity', () => {
  it('gives the same flags with the long second lane on a worker thread as on this one', async () => {
    const call = await buildSyntheticCall({
      seed: 5,
      seconds: 150,
      sampleRate: 8000,
      noise: 0.01,
      overlap: 0.2,
      crosstalk: 0.03,
    });
    const expected = [await voiceActivity(call.lanes[0], 3), await voiceActivity(call.lanes[1], 3)];
    const lanes = [call.lanes[0].slice(), call.lanes[1].slice()];
    const flags = await lanesVoiceActivity(lanes, 3);
    expect(lanes[1].length).toBe(0); // its samples were moved to the worker
    expect(flags).toEqual(expected);
    expect(flags[1].reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
  }, 30_000);
});
