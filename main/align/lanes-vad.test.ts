import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSyntheticCall, writeCallWav } from '../../test-support/synthetic-call';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { readLaneSamples } from '../audio/lane-samples';
import { wavVoiceActivity } from './lanes-vad';
import { channelSegments, DEFAULT_ALIGN_SETTINGS } from './align-audio';
import { planAlignment } from './plan-alignment';
import { framesToSegments } from './segments';
import { VAD_FRAME_MS, VAD_SAMPLE_RATE, voiceActivity } from './vad';

afterAll(() => removeTempDirs());

const LANES = ['user', 'agent'] as const;

/** The former path: both lanes read whole (readLaneSamples), then each lane's VAD on this thread, one after the other. */
async function formerFlags(file: string): Promise<Uint8Array[]> {
  const { lanes } = await readLaneSamples(file, VAD_SAMPLE_RATE);
  return [await voiceActivity(lanes[0], 3), await voiceActivity(lanes[1], 3)];
}

describe('wavVoiceActivity (one pass over the file, the second lane followed on a worker thread)', () => {
  for (const sampleRate of [8000, 16000] as const) {
    it(`gives the former path's flags, segments and turn times on a 150 s synthetic call at ${sampleRate} Hz`, async () => {
      const call = await buildSyntheticCall({
        seed: 5,
        seconds: 150,
        sampleRate,
        noise: 0.01,
        overlap: 0.2,
        crosstalk: 0.03,
      });
      // one frame short of whole 8 kHz periods at 16 kHz: the last output sample is the mean of a single frame
      const odd = {
        ...call,
        lanes: [call.lanes[0].slice(0, -1), call.lanes[1].slice(0, -1)] as [Int16Array, Int16Array],
      };
      const file = join(tempDir('earshot-lanes-vad-'), `call-${sampleRate}.wav`);
      writeCallWav(file, odd);
      const expected = await formerFlags(file);
      const { flags } = await wavVoiceActivity(file, 3);
      expect(flags).toEqual(expected);
      // one flag per whole 20 ms frame (160 samples at 8 kHz) of the lane brought to 8 kHz; speech on both lanes
      const frames = Math.floor(Math.ceil((odd.lanes[0].length * 8000) / sampleRate) / 160);
      expect(flags.map((f) => f.length)).toEqual([frames, frames]);
      expect(flags.every((f) => f.reduce((a, b) => a + b, 0) > 100)).toBe(true);

      const { channels } = await channelSegments(file, DEFAULT_ALIGN_SETTINGS);
      const former = expected.map((f) => framesToSegments(f, VAD_FRAME_MS, DEFAULT_ALIGN_SETTINGS));
      expect(channels).toEqual(former);
      const turns = call.turns.map((t) => ({ ...t, tool: false }));
      expect(planAlignment(turns, LANES, channels)).toEqual(planAlignment(turns, LANES, former));
    }, 60_000);
  }
});
