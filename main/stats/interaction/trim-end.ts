import { speaks, type InteractionTick } from './types';

/**
 * Drops the ###STOP### artifact: when the last tick is the only tick of a user speech run
 * (user speaks in the last tick but not in the one before), tau2 removes that last tick before analysis.
 */
export function trimStopArtifact<T extends InteractionTick>(ticks: readonly T[]): readonly T[] {
  if (ticks.length < 2) return ticks;
  const last = ticks[ticks.length - 1];
  const before = ticks[ticks.length - 2];
  return speaks(last.user_chunk) && !speaks(before.user_chunk) ? ticks.slice(0, -1) : ticks;
}
