/** Builds a τ-Voice run folder with call audio for tests: the fixture's shortest simulation plus an
 * artifacts/…/both.wav whose user (left) and agent (right) lanes carry the fixture's speech clips wherever the
 * ticks say that side speaks. */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from './fixtures';
import { wavBytes } from './wav';
import { parseSimulation } from '../main/stats/interaction/parse-input';
import { speechTurns } from '../main/stats/interaction/speech-turns';

/** The simulation used: 973 ticks (about 195 s of speech turns), task 40. */
export const SIM_ID = '49b22f0c-4a56-41c5-922f-bc2a56e53a23';

function clipSamples(name: string): Int16Array {
  const bytes = readFileSync(fixture('tau2-voice', 'clips', `${name}.wav`));
  const data = bytes.subarray(44);
  return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + (data.length & ~1)));
}

/** Writes the run folder into `dir` and returns its path. Audio is 16 kHz stereo (the clips' rate). */
export function makeTau2RunWithAudio(dir: string): string {
  const run = join(dir, 'tau2-run');
  mkdirSync(join(run, 'simulations'), { recursive: true });
  copyFileSync(fixture('tau2-voice', 'experiment', 'results.json'), join(run, 'results.json'));
  const simFile = fixture('tau2-voice', 'experiment', 'simulations', `${SIM_ID}.json`);
  copyFileSync(simFile, join(run, 'simulations', `${SIM_ID}.json`));
  const raw = JSON.parse(readFileSync(simFile, 'utf8')) as { task_id: string };
  const sim = parseSimulation(JSON.parse(readFileSync(simFile, 'utf8')));
  const rate = 16000;
  const frames = Math.ceil(sim.ticks.length * 0.2 * rate);
  const lanes = [new Int16Array(frames), new Int16Array(frames)];
  const clips = { user: clipSamples('check_order_12345'), agent: clipSamples('help_me') };
  for (const turn of speechTurns(sim.ticks, 0.2)) {
    const lane = turn.role === 'user' ? 0 : 1;
    const clip = turn.role === 'user' ? clips.user : clips.agent;
    const from = Math.floor((turn.startMs / 1000) * rate);
    const to = Math.min(frames, Math.floor((turn.endMs / 1000) * rate));
    for (let i = from; i < to; i++) lanes[lane][i] = clip[(i - from) % clip.length];
  }
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    data.writeInt16LE(lanes[0][i], i * 4);
    data.writeInt16LE(lanes[1][i], i * 4 + 2);
  }
  const audioDir = join(run, 'artifacts', `task_${raw.task_id}`, `sim_${SIM_ID}`, 'audio');
  mkdirSync(audioDir, { recursive: true });
  writeFileSync(join(audioDir, 'both.wav'), wavBytes({ sampleRate: rate, channels: 2, bitsPerSample: 16, data }));
  return run;
}
