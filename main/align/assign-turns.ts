/**
 * The monotonic assignment of one lane's turns, in order, to that lane's speech segments: a shortest path over
 * (turns placed, segments used) where a turn takes one or several segments (merged), several turns share one segment
 * (split by their text length), a segment is left out (noise), or a turn finds no speech (placed in the pause).
 */
import type { Segment } from './segments';

/** Where a turn was placed, in milliseconds. */
export interface TurnSpan {
  startMs: number;
  endMs: number;
}

/** Most segments one turn merges, and most turns one segment is split into. */
const MAX_GROUP = 10;
/** Cost of each second of pause inside one turn's merged segments. */
const GAP_PER_S = 1.0;
/** Cost of each segment merged into a turn beyond its first. */
const MERGE = 0.3;
/** Cost of each turn beyond the first sharing one segment. */
const SPLIT = 1.0;
/** Cost of leaving a segment out, plus this much per second of its speech. */
const SKIP = 0.6;
const SKIP_PER_S = 1.5;
/** Cost of a turn with no speech of its own, plus a second's worth per second it should have lasted. */
const EMPTY = 3;
/** Paths costing this much more than the best with as many turns placed are given up (a beam). */
const BEAM = 25;
/** Smoothing (ms) of the duration ratio, so that very short turns and segments do not dominate. */
const SMOOTH_MS = 200;

/** A turn's weight: its text length plus a floor for the time any utterance takes ("Yes" still lasts ~0.4 s). */
export function turnWeight(text: string): number {
  return text.trim().length + 8;
}

const MOVE_SKIP = 1;
const MOVE_MATCH = 2;
const MOVE_SPLIT = 3;
const MOVE_EMPTY = 4;

interface Move {
  kind: number;
  k: number;
}

function prefix(values: readonly number[]): Float64Array {
  const out = new Float64Array(values.length + 1);
  for (let i = 0; i < values.length; i++) out[i + 1] = out[i] + values[i];
  return out;
}

/** The cheapest sequence of moves placing every turn, given milliseconds of speech per unit of weight. */
function bestMoves(weights: readonly number[], segments: readonly Segment[], msPerWeight: number): Move[] {
  const n = weights.length;
  const m = segments.length;
  const w = prefix(weights);
  const speech = prefix(segments.map((s) => s.endMs - s.startMs));
  // Every cost that does not depend on the path, computed once: the inner loop only adds and compares.
  const logOf = (ms: number) => Math.log(ms + SMOOTH_MS);
  const groupCost = new Float64Array(m * MAX_GROUP); // segments j..j+k-1 as one turn: log speech, pauses, merges
  const groupLog = new Float64Array(m * MAX_GROUP);
  for (let j = 0; j < m; j++) {
    for (let k = 1; k <= MAX_GROUP && j + k <= m; k++) {
      const sp = speech[j + k] - speech[j];
      const gaps = segments[j + k - 1].endMs - segments[j].startMs - sp;
      groupLog[j * MAX_GROUP + k - 1] = logOf(sp);
      groupCost[j * MAX_GROUP + k - 1] = (GAP_PER_S * gaps) / 1000 + MERGE * (k - 1);
    }
  }
  const turnsLog = new Float64Array(n * MAX_GROUP); // turns i..i+k-1: log of their expected speech
  for (let i = 0; i < n; i++) {
    for (let k = 1; k <= MAX_GROUP && i + k <= n; k++)
      turnsLog[i * MAX_GROUP + k - 1] = logOf((w[i + k] - w[i]) * msPerWeight);
  }
  const width = m + 1;
  const cost = new Float64Array((n + 1) * width).fill(Infinity);
  const back = new Int32Array((n + 1) * width);
  cost[0] = 0;
  const relax = (to: number, c: number, kind: number, k: number) => {
    if (c < cost[to]) {
      cost[to] = c;
      back[to] = kind * 64 + k;
    }
  };
  for (let i = 0; i <= n; i++) {
    // A skip only adds cost, so the row's least cost is known before the row is walked.
    let least = Infinity;
    for (let j = 0; j <= m; j++) least = Math.min(least, cost[i * width + j]);
    const limit = least + BEAM;
    for (let j = 0; j <= m; j++) {
      const at = i * width + j;
      const here = cost[at];
      if (here > limit) continue;
      if (j < m) relax(at + 1, here + SKIP + (SKIP_PER_S * (speech[j + 1] - speech[j])) / 1000, MOVE_SKIP, 1);
      if (i < n) {
        relax(at + width, here + EMPTY + (weights[i] * msPerWeight) / 1000, MOVE_EMPTY, 1);
        const expected = turnsLog[i * MAX_GROUP];
        for (let k = 1; k <= MAX_GROUP && j + k <= m; k++) {
          const g = j * MAX_GROUP + k - 1;
          relax(at + width + k, here + Math.abs(groupLog[g] - expected) + groupCost[g], MOVE_MATCH, k);
        }
      }
      if (j < m) {
        const one = groupLog[j * MAX_GROUP];
        for (let k = 2; k <= MAX_GROUP && i + k <= n; k++) {
          relax(
            at + k * width + 1,
            here + Math.abs(one - turnsLog[i * MAX_GROUP + k - 1]) + SPLIT * (k - 1),
            MOVE_SPLIT,
            k,
          );
        }
      }
    }
  }
  const moves: Move[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const code = back[i * width + j];
    const move = { kind: code >> 6, k: code & 63 };
    moves.push(move);
    if (move.kind === MOVE_SKIP) j -= 1;
    else if (move.kind === MOVE_EMPTY) i -= 1;
    else if (move.kind === MOVE_MATCH) ((i -= 1), (j -= move.k));
    else ((i -= move.k), (j -= 1));
  }
  return moves.reverse();
}

/** Places turns along the moves; returns the spans and the speech that turns (not noise) took. */
function place(weights: readonly number[], segments: readonly Segment[], moves: readonly Move[], msPerWeight: number) {
  const spans: TurnSpan[] = [];
  let matchedSpeech = 0;
  let matchedWeight = 0;
  let i = 0;
  let j = 0;
  let cursor = 0;
  for (const { kind, k } of moves) {
    if (kind === MOVE_SKIP) {
      j += 1;
    } else if (kind === MOVE_EMPTY) {
      const next = j < segments.length ? segments[j].startMs : Infinity;
      const end = Math.max(cursor, Math.min(cursor + weights[i] * msPerWeight, next));
      spans.push({ startMs: Math.round(cursor), endMs: Math.round(end) });
      cursor = end;
      i += 1;
    } else if (kind === MOVE_MATCH) {
      const first = segments[j];
      const last = segments[j + k - 1];
      spans.push({ startMs: first.startMs, endMs: last.endMs });
      for (let s = j; s < j + k; s++) matchedSpeech += segments[s].endMs - segments[s].startMs;
      matchedWeight += weights[i];
      cursor = last.endMs;
      i += 1;
      j += k;
    } else {
      const seg = segments[j];
      const total = weights.slice(i, i + k).reduce((a, b) => a + b, 0);
      let at = seg.startMs;
      for (let t = i; t < i + k; t++) {
        const end = t === i + k - 1 ? seg.endMs : at + ((seg.endMs - seg.startMs) * weights[t]) / total;
        spans.push({ startMs: Math.round(at), endMs: Math.round(end) });
        at = end;
      }
      matchedSpeech += seg.endMs - seg.startMs;
      matchedWeight += total;
      cursor = seg.endMs;
      i += k;
      j += 1;
    }
  }
  return { spans, matchedSpeech, matchedWeight };
}

/**
 * Start and end of each turn (given by its weight, in order) on the lane's `segments`; null when the lane has no
 * speech to place them on. The speaking rate is first taken from all the lane's speech, then from the speech the
 * turns took, and the assignment is made again with it.
 */
export function assignTurns(weights: readonly number[], segments: readonly Segment[]): TurnSpan[] | null {
  if (weights.length === 0) return [];
  const totalSpeech = segments.reduce((a, s) => a + s.endMs - s.startMs, 0);
  if (totalSpeech <= 0) return null;
  let rate = totalSpeech / weights.reduce((a, b) => a + b, 0);
  let placed = place(weights, segments, bestMoves(weights, segments, rate), rate);
  if (placed.matchedWeight > 0 && placed.matchedSpeech > 0) {
    rate = placed.matchedSpeech / placed.matchedWeight;
    placed = place(weights, segments, bestMoves(weights, segments, rate), rate);
  }
  return placed.spans;
}
