/**
 * A study of several 10-minute stereo calls for the J/K figure of the browser benchmark: each call its own WAV (made
 * like the 1-hour one, with another seed, so no two share an asset or its peaks) and a generic JSONL study whose
 * episodes have a turn every 4 s, as a busy call's transcript has.
 */
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { note } from '../lib/measure';
import { writeWav } from './wav';

/** Calls in the study, seconds per call, and the study's name in the studio. */
export const SHORT_CALLS = { count: 4, seconds: 600, study: 'Bench: ten-minute calls' } as const;

/** The WAV of call `i` (0-based), generated once per machine under $TMPDIR/earshot-bench. */
export function shortCallWav(i: number): string {
  const dir = join(tmpdir(), 'earshot-bench');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `call-10m-${i + 1}-stereo-8k.wav`);
  if (!existsSync(path) || statSync(path).size !== 44 + SHORT_CALLS.seconds * 8000 * 2 * 2) {
    note(`generating 10-minute stereo WAV ${i + 1} of ${SHORT_CALLS.count}`);
    writeWav(`${path}.tmp`, { seconds: SHORT_CALLS.seconds, sampleRate: 8000, channels: 2, seed: 100 + i });
    renameSync(`${path}.tmp`, path);
  }
  return path;
}

/** Writes the study's JSONL beside the WAVs (episodes `call-10m-1` …); returns its path. */
export function writeShortCallStudy(): string {
  const wavs = Array.from({ length: SHORT_CALLS.count }, (_, i) => shortCallWav(i));
  const jsonl = join(tmpdir(), 'earshot-bench', 'studio-10m.jsonl');
  const episodes = wavs.map((wav, i) => ({
    schema: 'earshot-episode-v1',
    id: `call-10m-${i + 1}`,
    system: 'bench',
    task: 'short-call',
    duration_ms: SHORT_CALLS.seconds * 1000,
    turns: Array.from({ length: SHORT_CALLS.seconds / 4 }, (_, k) => ({
      speaker: k % 2 === 0 ? 'agent' : 'user',
      start_ms: k * 4000,
      end_ms: k * 4000 + 3200,
      text:
        k % 2 === 0 ? `Let me look that up for you, one moment (${k}).` : `I need to change my booking, number ${k}.`,
    })),
    audio: [{ path: basename(wav), role: 'call', lanes: ['user', 'agent'] }],
  }));
  const header = { schema: 'earshot-study-v1', name: SHORT_CALLS.study, benchmark: 'generic' };
  writeFileSync(jsonl, [header, ...episodes].map((x) => JSON.stringify(x)).join('\n') + '\n');
  return jsonl;
}
