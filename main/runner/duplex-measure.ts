/**
 * Turn-taking figures of a full-duplex call measured from its recording alone: where each lane has speech (energy in
 * 10 ms frames, edges refined to the sample), then per caller turn the first-token emission delay (FTED: end of the
 * caller's speech → first agent audio) and the response latency (→ end of that reply), interruptions (one side
 * starting while the other speaks, and how long the other went on) and overlaps. Also the lanes as τ² ticks, so the
 * study's interaction panel reads run calls like imported ones. See docs/runner.md.
 */
import type { TickRun } from '../stats/interaction/tick-runs';

/** A stretch of speech on one lane, ms on the recording's clock (fractional: sample-exact). */
export interface SpeechSpan {
  startMs: number;
  endMs: number;
}

/** One side starting to speak while the other is speaking. */
export interface Interruption {
  by: 'user' | 'agent';
  atMs: number;
  /** How long the interrupted side kept speaking after the onset (its yield time), ms. */
  yieldMs: number;
}

/** What was measured on the recording. */
export interface DuplexFigures {
  /** Per caller turn: end of its speech → the agent's next onset, ms; null when none came before the next turn. */
  ftedMs: (number | null)[];
  /** Per caller turn: end of its speech → end of the reply that followed, ms. */
  responseMs: (number | null)[];
  /** Per caller turn: where its speech ended, ms (null when the lane holds no speech in the turn). */
  speechEndMs: (number | null)[];
  interruptions: Interruption[];
  overlaps: SpeechSpan[];
  overlapMs: number;
  user: SpeechSpan[];
  agent: SpeechSpan[];
}

const FRAME_MS = 10;
/** A frame whose RMS exceeds this (about −40 dBFS) has speech; edges are the first and last samples this loud. */
const SPEECH_RMS = 0.01;
/** Quiet gaps shorter than this inside speech (between words) do not end it. */
export const MERGE_GAP_MS = 300;
/** The tick length of the τ² copy of a run call. */
export const RUN_TICK_MS = 50;

/** Speech spans of one lane. */
export function speechSpans(lane: Float32Array, rate: number): SpeechSpan[] {
  const frame = Math.round((rate * FRAME_MS) / 1000);
  const ms = (n: number) => (n / rate) * 1000;
  const spans: SpeechSpan[] = [];
  for (let at = 0; at < lane.length; at += frame) {
    const end = Math.min(lane.length, at + frame);
    let energy = 0;
    for (let i = at; i < end; i++) energy += lane[i] * lane[i];
    if (Math.sqrt(energy / (end - at)) <= SPEECH_RMS) continue;
    let first = at;
    while (Math.abs(lane[first]) <= SPEECH_RMS) first++;
    let last = end - 1;
    while (Math.abs(lane[last]) <= SPEECH_RMS) last--;
    const prev = spans.at(-1);
    if (prev && ms(first) - prev.endMs < MERGE_GAP_MS) prev.endMs = ms(last + 1);
    else spans.push({ startMs: ms(first), endMs: ms(last + 1) });
  }
  return spans;
}

const within = (s: SpeechSpan, from: number, to: number) => s.startMs >= from && s.startMs < to;

/** The figures of a call, given both lanes and where each caller turn was placed. */
export function measureDuplex(lanes: [Float32Array, Float32Array], rate: number, turns: SpeechSpan[]): DuplexFigures {
  const user = speechSpans(lanes[0], rate);
  const agent = speechSpans(lanes[1], rate);
  const speechEndMs: (number | null)[] = [];
  const ftedMs: (number | null)[] = [];
  const responseMs: (number | null)[] = [];
  turns.forEach((turn, i) => {
    const next = turns[i + 1]?.startMs ?? Infinity;
    const mine = user.filter((s) => within(s, turn.startMs - FRAME_MS, next));
    const end = mine.length ? mine[mine.length - 1].endMs : null;
    speechEndMs.push(end);
    const nextSpeech = user.find((s) => end !== null && s.startMs > end)?.startMs ?? Infinity;
    const replies = end === null ? [] : agent.filter((a) => within(a, end, nextSpeech));
    ftedMs.push(end === null || !replies.length ? null : replies[0].startMs - end);
    responseMs.push(
      end === null || !replies.length ? null : Math.min(replies[replies.length - 1].endMs, nextSpeech) - end,
    );
  });
  const interruptions: Interruption[] = [];
  const overlaps: SpeechSpan[] = [];
  for (const [side, mine, other] of [['user', user, agent] as const, ['agent', agent, user] as const]) {
    for (const s of mine) {
      const o = other.find((x) => x.startMs < s.startMs && x.endMs > s.startMs);
      if (o) interruptions.push({ by: side, atMs: s.startMs, yieldMs: o.endMs - s.startMs });
    }
  }
  for (const u of user) {
    for (const a of agent) {
      const from = Math.max(u.startMs, a.startMs);
      const to = Math.min(u.endMs, a.endMs);
      if (to > from) overlaps.push({ startMs: from, endMs: to });
    }
  }
  overlaps.sort((a, b) => a.startMs - b.startMs);
  interruptions.sort((a, b) => a.atMs - b.atMs);
  const overlapMs = overlaps.reduce((n, o) => n + o.endMs - o.startMs, 0);
  return { ftedMs, responseMs, speechEndMs, interruptions, overlaps, overlapMs, user, agent };
}

/** Both lanes' speech as τ² tick runs of RUN_TICK_MS (a tick has speech when a span touches it). */
export function tickRunsOf(figures: DuplexFigures, durationMs: number): TickRun[] {
  const count = Math.ceil(durationMs / RUN_TICK_MS);
  const flags = (spans: SpeechSpan[]) => {
    const on = new Uint8Array(count);
    for (const s of spans) {
      const last = Math.min(count, Math.ceil(s.endMs / RUN_TICK_MS));
      for (let t = Math.floor(s.startMs / RUN_TICK_MS); t < last; t++) on[t] = 1;
    }
    return on;
  };
  const [u, a] = [flags(figures.user), flags(figures.agent)];
  const runs: TickRun[] = [];
  for (let t = 0; t < count; t++) {
    const last = runs.at(-1);
    if (last && last[2] === u[t] && last[3] === a[t]) last[1]++;
    else runs.push([t, 1, u[t] as 0 | 1, a[t] as 0 | 1, null, null, 0, 0]);
  }
  return runs;
}
