/**
 * Synthetic two-lane calls assembled from the real τ² speech clips (../shared/fixtures/tau2-voice/clips/): each turn
 * a clip placed at a known offset on its speaker's lane, with pauses, overlaps, background noise, noise bursts and a
 * little crosstalk; the truth is each placed clip's own speech extent: its 10 ms frames within 35 dB of its loudest, runs less
 * than 100 ms apart joined, runs shorter than 60 ms (a click before or after the words) left out.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Speaker } from '../shared/domain';
import { readLaneSamples } from '../main/audio/lane-samples';
import { fixture } from './fixtures';

/** The clips and their spoken text, as the fixtures README gives it (from the upstream generator script). */
export const CLIP_TEXT: Record<string, string> = {
  hello: 'Hello',
  hi_how_are_you: 'Hi, how are you?',
  yes: 'Yes',
  no: 'No',
  thank_you: 'Thank you very much',
  order_status: "I'd like to check my order status please",
  help_me: 'Can you help me with something?',
  check_order_12345: 'Can you check the status of my order number 12345?',
};

/** What to assemble. */
export interface SyntheticCallSpec {
  seed: number;
  /** Turns to place, or fill up to `seconds`. */
  turns?: number;
  seconds?: number;
  sampleRate: 8000 | 16000;
  /** Background noise RMS, as a fraction of full scale (0.01 ≈ −40 dBFS). */
  noise: number;
  /** Chance that a turn starts before the other speaker's turn has ended. */
  overlap: number;
  /** Gain of the other lane leaking into each lane (crosstalk), e.g. 0.05. */
  crosstalk: number;
}

/** An assembled call: both lanes (user left, agent right), the turns in order, and where each truly is. */
export interface SyntheticCall {
  sampleRate: number;
  lanes: [Int16Array, Int16Array];
  turns: { speaker: Speaker; text: string }[];
  truth: { startMs: number; endMs: number }[];
  durationMs: number;
}

interface Clip {
  samples: Float32Array;
  speechFrom: number;
  speechTo: number;
}

async function loadClips(rate: number): Promise<Map<string, Clip>> {
  const clips = new Map<string, Clip>();
  for (const name of Object.keys(CLIP_TEXT)) {
    const { lanes } = await readLaneSamples(fixture('tau2-voice', 'clips', `${name}.wav`), rate);
    const samples = Float32Array.from(lanes[0], (v) => v / 32768);
    const frame = rate / 100;
    const rms: number[] = [];
    for (let f = 0; f + frame <= samples.length; f += frame) {
      let e = 0;
      for (let i = f; i < f + frame; i++) e += samples[i] * samples[i];
      rms.push(Math.sqrt(e / frame));
    }
    const floor = Math.max(...rms) * 10 ** (-35 / 20);
    const runs: [number, number][] = [];
    rms.forEach((r, i) => {
      if (r < floor) return;
      const last = runs[runs.length - 1];
      if (last && i - last[1] <= 10) last[1] = i + 1;
      else runs.push([i, i + 1]);
    });
    const speech = runs.filter(([a, b]) => b - a >= 6);
    clips.set(name, { samples, speechFrom: speech[0][0] * frame, speechTo: speech[speech.length - 1][1] * frame });
  }
  return clips;
}

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Assembles a call as `spec` says; the same spec gives the same call. */
export async function buildSyntheticCall(spec: SyntheticCallSpec): Promise<SyntheticCall> {
  const rate = spec.sampleRate;
  const clips = await loadClips(rate);
  const names = [...clips.keys()];
  const random = prng(spec.seed);
  const placed: { lane: 0 | 1; name: string; at: number }[] = [];
  const laneEnd = [0, 0];
  let cursor = Math.round(rate * (0.3 + random()));
  let lane: 0 | 1 = 0;
  const enough = () => (spec.turns !== undefined ? placed.length >= spec.turns : cursor >= (spec.seconds ?? 60) * rate);
  while (!enough()) {
    const name = names[Math.floor(random() * names.length)];
    const at = Math.max(cursor, laneEnd[lane] + Math.round(rate * 0.45));
    placed.push({ lane, name, at });
    const clip = clips.get(name)!;
    laneEnd[lane] = at + clip.samples.length;
    const same = random() < 0.15;
    const early = !same && random() < spec.overlap;
    const pause = early ? -Math.round(rate * (0.2 + 0.4 * random())) : Math.round(rate * (0.3 + 1.2 * random()));
    cursor = Math.max(0, at + clip.samples.length + pause);
    if (!same) lane = lane === 0 ? 1 : 0;
  }
  const length = Math.max(...laneEnd) + rate;
  const mix = [new Float32Array(length), new Float32Array(length)];
  for (const p of placed) mix[p.lane].set(clips.get(p.name)!.samples, p.at);
  const lanes: [Int16Array, Int16Array] = [new Int16Array(length), new Int16Array(length)];
  const burstEvery = rate * 7;
  for (let c = 0; c < 2; c++) {
    const other = mix[1 - c];
    for (let i = 0; i < length; i++) {
      const gauss = (random() + random() + random() - 1.5) * 2;
      const burst = i % burstEvery < rate * 0.05 && Math.floor(i / burstEvery) % 2 === c ? (random() - 0.5) * 0.3 : 0;
      const v = mix[c][i] + spec.crosstalk * other[i] + spec.noise * gauss + burst;
      lanes[c][i] = Math.max(-32768, Math.min(32767, Math.round(v * 32767)));
    }
  }
  const ms = (samples: number) => Math.round((samples / rate) * 1000);
  return {
    sampleRate: rate,
    lanes,
    turns: placed.map((p) => ({ speaker: p.lane === 0 ? 'user' : 'agent', text: CLIP_TEXT[p.name] })),
    truth: placed.map((p) => {
      const clip = clips.get(p.name)!;
      return { startMs: ms(p.at + clip.speechFrom), endMs: ms(p.at + clip.speechTo) };
    }),
    durationMs: ms(length),
  };
}

/** Writes the call as a 16-bit stereo WAV, streamed a second at a time. */
export function writeCallWav(file: string, call: SyntheticCall): void {
  const frames = call.lanes[0].length;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + frames * 4, 4);
  h.write('WAVEfmt ', 8, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(2, 22);
  h.writeUInt32LE(call.sampleRate, 24);
  h.writeUInt32LE(call.sampleRate * 4, 28);
  h.writeUInt16LE(4, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(frames * 4, 40);
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, h);
    const block = Buffer.alloc(call.sampleRate * 4);
    for (let f = 0; f < frames; f += call.sampleRate) {
      const n = Math.min(call.sampleRate, frames - f);
      for (let i = 0; i < n; i++) {
        block.writeInt16LE(call.lanes[0][f + i], i * 4);
        block.writeInt16LE(call.lanes[1][f + i], i * 4 + 2);
      }
      writeSync(fd, block, 0, n * 4);
    }
  } finally {
    closeSync(fd);
  }
}
