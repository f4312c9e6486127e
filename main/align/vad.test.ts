import { describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures';
import { readLaneSamples } from '../audio/lane-samples';
import { VAD_FRAME_MS, VAD_SAMPLE_RATE, voiceActivity } from './vad';
import { framesToSegments } from './segments';

/** The clip's 8 kHz samples with a second of silence on each side. */
async function padded(name: string): Promise<Int16Array> {
  const { lanes } = await readLaneSamples(fixture('tau2-voice', 'clips', `${name}.wav`), VAD_SAMPLE_RATE);
  const out = new Int16Array(lanes[0].length + 2 * VAD_SAMPLE_RATE);
  out.set(lanes[0], VAD_SAMPLE_RATE);
  return out;
}

describe('voiceActivity (WebRTC VAD in WebAssembly)', () => {
  it('hears the real speech clip and not the silence around it, at every mode', async () => {
    const samples = await padded('check_order_12345');
    const clipMs = ((samples.length - 2 * VAD_SAMPLE_RATE) / VAD_SAMPLE_RATE) * 1000;
    for (const mode of [0, 1, 2, 3] as const) {
      const flags = await voiceActivity(samples, mode);
      expect(flags.length).toBe(Math.floor(samples.length / ((VAD_SAMPLE_RATE * VAD_FRAME_MS) / 1000)));
      const segments = framesToSegments(flags, VAD_FRAME_MS);
      expect(segments.length).toBeGreaterThanOrEqual(1);
      expect(segments[0].startMs).toBeGreaterThanOrEqual(1000);
      expect(segments[segments.length - 1].endMs).toBeLessThanOrEqual(1000 + clipMs + 100);
      const speech = segments.reduce((a, s) => a + s.endMs - s.startMs, 0);
      expect(speech).toBeGreaterThan(clipMs * 0.5);
    }
  });

  it('hears nothing in digital silence', async () => {
    const flags = await voiceActivity(new Int16Array(VAD_SAMPLE_RATE * 2), 3);
    expect(flags.every((f) => f === 0)).toBe(true);
  });
});
