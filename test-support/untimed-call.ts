/** A generic JSONL study of synthetic stereo calls whose turns carry no times, with their WAVs, for alignment tests. */
import { join } from 'node:path';
import { buildSyntheticCall, writeCallWav, type SyntheticCall } from './synthetic-call';
import { writeJsonl } from './import-study';

/** The files written and each call's truth. */
export interface UntimedStudy {
  jsonl: string;
  calls: SyntheticCall[];
}

/**
 * Writes `calls.jsonl` and one `call-N.wav` per seed into `dir`: each episode's turns in order without times, its
 * audio stereo with user on the left and agent on the right. `timed` episodes (by index) keep their true times, as
 * data that came with them.
 */
export async function writeUntimedStudy(
  dir: string,
  seeds: readonly number[],
  timed: readonly number[] = [],
): Promise<UntimedStudy> {
  const calls: SyntheticCall[] = [];
  const lines: unknown[] = [{ schema: 'earshot-study-v1', name: 'Untimed calls', description: 'synthetic calls' }];
  for (const [i, seed] of seeds.entries()) {
    const call = await buildSyntheticCall({
      seed,
      turns: 8,
      sampleRate: 16000,
      noise: 0.005,
      overlap: 0.2,
      crosstalk: 0.02,
    });
    calls.push(call);
    writeCallWav(join(dir, `call-${i}.wav`), call);
    const keep = timed.includes(i);
    lines.push({
      schema: 'earshot-episode-v1',
      id: `call-${i}`,
      system: 'synthetic',
      duration_ms: call.durationMs,
      turns: call.turns.map((t, k) => ({
        speaker: t.speaker,
        text: t.text,
        ...(keep ? { start_ms: call.truth[k].startMs, end_ms: call.truth[k].endMs } : {}),
      })),
      audio: [{ path: `call-${i}.wav`, role: 'call', lanes: ['user', 'agent'] }],
    });
  }
  return { jsonl: writeJsonl(dir, 'calls.jsonl', lines), calls };
}
