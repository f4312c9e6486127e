#!/usr/bin/env node
/** Makes the demo study: speaks every scenario turn with espeak-ng, trims and resamples it with sox, lays the
 * turns out on a user lane (left) and an agent lane (right), writes the WAVs and demo.jsonl with the real timings.
 * Run: npm run demo:make (needs espeak-ng and sox). Outputs are committed, so a first launch needs neither. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarios } from './scenarios.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const audioDir = join(here, 'audio');
const work = mkdtempSync(join(tmpdir(), 'earshot-demo-'));
const VOICES = { user: 'en-us+f3', agent: 'en-gb+m3' };
const GAP_MS = { user: 450, agent: 650, afterTool: 1100 };

/** Speaks `text` and returns 16-bit mono samples at `rate`, leading and trailing silence trimmed. */
function speak(text, speaker, rate, n) {
  const raw = join(work, `t${n}.wav`);
  const out = join(work, `t${n}.raw`);
  execFileSync('espeak-ng', ['-v', VOICES[speaker], '-s', '165', '-w', raw, text]);
  execFileSync('sox', ['-D', raw, '-r', String(rate), '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw', out,
    'silence', '1', '0.02', '0.5%', 'reverse', 'silence', '1', '0.02', '0.5%', 'reverse', 'gain', '-n', '-3']);
  const buf = readFileSync(out);
  return new Int16Array(buf.buffer, buf.byteOffset, buf.length / 2);
}

/** Speaks `text` word by word (exact word timings, at some cost to prosody): samples and each word's frame range. */
function speakWords(text, speaker, rate, n) {
  const gap = Math.round(0.06 * rate);
  const parts = text.split(/\s+/).map((word, i) => ({ text: word, samples: speak(word, speaker, rate, `${n}w${i}`) }));
  const total = parts.reduce((sum, p) => sum + p.samples.length, 0) + gap * (parts.length - 1);
  const samples = new Int16Array(total);
  const words = [];
  let at = 0;
  for (const p of parts) {
    samples.set(p.samples, at);
    words.push({ text: p.text, from: at, to: at + p.samples.length });
    at += p.samples.length + gap;
  }
  return { samples, words };
}

/** Writes 16-bit PCM lanes as one interleaved WAV. */
function writeWav(file, lanes, rate) {
  const frames = Math.max(...lanes.map((l) => l.length));
  const channels = lanes.length;
  const data = Buffer.alloc(frames * channels * 2);
  for (let i = 0; i < frames; i++) for (let c = 0; c < channels; c++) data.writeInt16LE(lanes[c][i] ?? 0, (i * channels + c) * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0); h.writeUInt32LE(36 + data.length, 4); h.write('WAVE', 8);
  h.write('fmt ', 12); h.writeUInt32LE(16, 16); h.writeUInt16LE(1, 20); h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24); h.writeUInt32LE(rate * channels * 2, 28); h.writeUInt16LE(channels * 2, 32); h.writeUInt16LE(16, 34);
  h.write('data', 36); h.writeUInt32LE(data.length, 40);
  writeFileSync(file, Buffer.concat([h, data]));
}

function build(s) {
  const ms = (frames) => Math.round((frames / s.rate) * 1000);
  const lanes = { user: [], agent: [] };
  const turns = [];
  let cursor = Math.round(0.3 * s.rate);
  let afterTool = false;
  s.turns.forEach((t, n) => {
    if (t[0] === 'tool') {
      const at = ms(cursor) + 200;
      turns.push({ speaker: 'tool', start_ms: at, end_ms: at, text: '', tool: { name: t[1], arguments: t[2], result: t[3] } });
      afterTool = true;
      return;
    }
    const [speaker, text, gap] = t;
    const { samples, words } = s.wordTimed ? speakWords(text, speaker, s.rate, n) : { samples: speak(text, speaker, s.rate, n), words: null };
    const gapMs = gap ?? (afterTool ? GAP_MS.afterTool : n === 0 ? 0 : GAP_MS[speaker]);
    const start = Math.max(0, cursor + Math.round((gapMs / 1000) * s.rate));
    const lane = lanes[speaker];
    for (let i = 0; i < samples.length; i++) lane[start + i] = samples[i];
    turns.push({
      speaker, start_ms: ms(start), end_ms: ms(start + samples.length), text,
      ...(words ? { words: words.map((w) => ({ text: w.text, start_ms: ms(start + w.from), end_ms: ms(start + w.to) })) } : {}),
    });
    cursor = Math.max(cursor, start + samples.length);
    afterTool = false;
  });
  cursor += Math.round(0.4 * s.rate);
  const fill = (lane) => Int16Array.from({ length: cursor }, (_, i) => lane[i] ?? 0);
  const file = `${s.id}.wav`;
  writeWav(join(audioDir, file), s.mono ? [fill(lanes.user)] : [fill(lanes.user), fill(lanes.agent)], s.rate);
  return { turns, durationMs: ms(cursor), file };
}

mkdirSync(audioDir, { recursive: true });
const lines = [JSON.stringify({
  schema: 'earshot-study-v1',
  name: 'Demo study',
  benchmark: 'generic',
  description: 'Ten short synthetic calls across τ-Voice, τ-Elicitation, VERA and DSB-DG shapes, spoken with espeak-ng.',
  info: { generator: 'resources/demo/make-demo.mjs' },
})];
for (const s of scenarios) {
  const { turns, durationMs, file } = build(s);
  const findings = (s.judge.findings ?? []).map(([turn, text, category]) => ({
    text, category, start_ms: turns[turn].start_ms, end_ms: turns[turn].end_ms,
  }));
  lines.push(JSON.stringify({
    schema: 'earshot-episode-v1',
    id: s.id,
    system: s.system,
    task: s.task,
    trial: 0,
    condition: { benchmark: s.benchmark, ...s.condition },
    outcome: s.outcome,
    reward: s.reward,
    duration_ms: durationMs,
    info: { benchmark: s.benchmark, ...(s.answer ? { answer: s.answer } : {}), ...(s.document ? { document: s.document } : {}) },
    turns,
    audio: [{ path: `audio/${file}`, role: s.mono ? 'prompt' : 'call', lanes: s.mono ? ['user'] : ['user', 'agent'] }],
    judgements: [{
      judge_id: 'demo-judge', judge_version: '1', label: s.judge.label, rationale: s.judge.rationale,
      categories: s.judge.categories, votes: [s.judge.label, s.judge.label, s.judge.label], confidence: 0.9,
      reward_breakdown: s.judge.reward ?? null, findings,
    }],
  }));
}
writeFileSync(join(here, 'demo.jsonl'), lines.join('\n') + '\n');
rmSync(work, { recursive: true, force: true });
console.log(`demo study: ${scenarios.length} episodes written to ${join(here, 'demo.jsonl')}`);
