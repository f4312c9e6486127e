import { clusterDraws } from './cluster-draws';
import { groupBy } from './group';
import { mulberry32, randomIndex } from './prng';
import { quantileType7 } from './quantile';
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';

/** Settings of a percentile bootstrap (same names and defaults as main/stats/agreement). */
export interface BootstrapOptions {
  /** Resamples drawn (default 10 000). */
  resamples?: number;
  /** Seed of the mulberry32 generator (default 1); the same seed and data give the same interval. */
  seed?: number;
  /** Two-sided coverage of the interval (default 0.95). */
  confidence?: number;
}

/**
 * Cluster percentile bootstrap: resamples whole clusters with replacement (as many as there are), keeps every row of a
 * drawn cluster, and takes percentiles of the statistic. Use the task as cluster when conditions are crossed on tasks.
 * The draws are those kept per (seed, resamples, clusters) by cluster-draws.ts when there are few enough.
 */
export function clusterBootstrap<T>(
  rows: readonly T[],
  clusterOf: (row: T) => string,
  statistic: (rows: T[]) => number,
  options: BootstrapOptions = {},
): BootstrapInterval {
  const resamples = options.resamples ?? 10_000;
  const confidence = options.confidence ?? 0.95;
  const seed = options.seed ?? 1;
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  const clusters = [...groupBy(rows, clusterOf).values()];
  const count = clusters.length;
  const draws = clusterDraws(seed, resamples, count);
  const random = draws ? null : mulberry32(seed);
  const values: number[] = [];
  for (let b = 0; b < resamples; b += 1) {
    const sample: T[] = [];
    for (let i = 0; i < count; i += 1) {
      for (const row of clusters[draws ? draws.indices[b * count + i] : randomIndex(random!, count)]) sample.push(row);
    }
    const value = statistic(sample);
    if (Number.isFinite(value)) values.push(value);
  }
  const estimate = statistic([...rows]);
  return {
    estimate: Number.isFinite(estimate) ? estimate : null,
    low: quantileType7(values, (1 - confidence) / 2),
    high: quantileType7(values, (1 + confidence) / 2),
    resamples,
    undefinedResamples: resamples - values.length,
    seed,
    confidence,
  };
}

/** Ordinary percentile bootstrap over independent rows (each row its own cluster). */
export function percentileBootstrap<T>(
  rows: readonly T[],
  statistic: (rows: T[]) => number,
  options: BootstrapOptions = {},
): BootstrapInterval {
  return clusterBootstrap(
    rows.map((row, i) => ({ row, i })),
    (entry) => String(entry.i),
    (sample) => statistic(sample.map((entry) => entry.row)),
    options,
  );
}
