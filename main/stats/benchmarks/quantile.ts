import { meanOrNull } from './group';
import type { LatencySummary } from '../../../shared/types/benchmark-rows';

/**
 * The p-quantile (0 ≤ p ≤ 1) by linear interpolation between order statistics, Hyndman & Fan type 7
 * (numpy `percentile` default, R `quantile` default): h = (n − 1)·p, x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
 * Returns null for an empty list.
 */
export function quantileType7(values: readonly number[], p: number): number | null {
  return sortedQuantileType7(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** quantileType7 of values already sorted ascending (no copy, no sort: for several quantiles of one sample). */
export function sortedQuantileType7(sorted: ArrayLike<number>, p: number): number | null {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile probability must be in [0, 1], got ${p}`);
  if (sorted.length === 0) return null;
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low] + (h - low) * (sorted[high] - sorted[low]);
}

/** p50 / mean / p95 of the non-null values (type 7 percentiles), with the count of nulls skipped. */
export function summarizeLatency(values: readonly (number | null)[]): LatencySummary {
  const present = values.filter((v): v is number => v !== null);
  return {
    n: present.length,
    missing: values.length - present.length,
    p50: quantileType7(present, 0.5),
    mean: meanOrNull(present),
    p95: quantileType7(present, 0.95),
  };
}
