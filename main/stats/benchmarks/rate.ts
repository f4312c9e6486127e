import type { Rate } from '../../../shared/types/benchmark-rows';

/** Builds a Rate; the value is null (not NaN) when nothing was counted, so it survives JSON transport. */
export function rate(numerator: number, denominator: number): Rate {
  return { numerator, denominator, value: denominator === 0 ? null : numerator / denominator };
}
