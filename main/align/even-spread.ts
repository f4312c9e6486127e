/** The naive alignment the bench compares against: turns in order, each an equal share of the call. */
import type { TurnSpan } from './assign-turns';

/** `count` equal consecutive spans covering [0, durationMs). */
export function evenSpread(count: number, durationMs: number): TurnSpan[] {
  const step = durationMs / Math.max(1, count);
  return Array.from({ length: count }, (_, i) => ({
    startMs: Math.round(i * step),
    endMs: Math.round((i + 1) * step),
  }));
}
