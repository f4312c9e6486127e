import { speaks, type InteractionTick } from './types';

/** A run of consecutive ticks in which one side's chunk contains speech. */
export interface SpeechTurn {
  role: 'user' | 'agent';
  /** tick_id of the first speaking tick. */
  firstTickId: number;
  /** tick_id of the last speaking tick (inclusive). */
  lastTickId: number;
  /** firstTickId × tick duration, in ms. */
  startMs: number;
  /** (lastTickId + 1) × tick duration, in ms. */
  endMs: number;
}

/** Milliseconds of a tick boundary, rounded to the microsecond to drop binary floating-point noise. */
function boundaryMs(tickId: number, tickSec: number): number {
  return Math.round(tickId * tickSec * 1e9) / 1e6;
}

function runsFor(ticks: readonly InteractionTick[], role: SpeechTurn['role'], tickSec: number): SpeechTurn[] {
  const turns: SpeechTurn[] = [];
  const chunkOf = (tick: InteractionTick) => (role === 'user' ? tick.user_chunk : tick.agent_chunk);
  let i = 0;
  while (i < ticks.length) {
    if (!speaks(chunkOf(ticks[i]))) {
      i += 1;
      continue;
    }
    const first = ticks[i].tick_id;
    while (i + 1 < ticks.length && speaks(chunkOf(ticks[i + 1]))) i += 1;
    const last = ticks[i].tick_id;
    turns.push({ role, firstTickId: first, lastTickId: last, startMs: boundaryMs(first, tickSec), endMs: boundaryMs(last + 1, tickSec) });
    i += 1;
  }
  return turns;
}

/** Speech turns of both sides rebuilt from ticks (no end-of-call trimming), ordered by start, user first on ties. */
export function speechTurns(ticks: readonly InteractionTick[], tickSec: number): SpeechTurn[] {
  if (!Number.isFinite(tickSec) || tickSec <= 0) throw new RangeError(`tick duration must be a positive number of seconds, got ${tickSec}`);
  const turns = [...runsFor(ticks, 'user', tickSec), ...runsFor(ticks, 'agent', tickSec)];
  return turns.sort((a, b) => a.startMs - b.startMs || (a.role === b.role ? 0 : a.role === 'user' ? -1 : 1));
}
