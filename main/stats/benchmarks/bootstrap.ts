import { groupBy } from './group';
import { mulberry32, randomIndex } from './prng';
import { quantileType7 } from './quantile';

/** Settings of a percentile bootstrap. */
export interface BootstrapOptions {
  /** Resamples drawn (default 2000). */
  replicates?: number;
  /** Two-sided coverage of the interval (default 0.95). */
  level?: number;
  /** Seed of the mulberry32 generator (default 1); the same seed and data give the same interval. */
  seed?: number;
}

/** A point estimate with its percentile bootstrap interval. */
export interface BootstrapInterval {
  /** The statistic on the original data. */
  estimate: number;
  /** Type-7 quantile (1 − level)/2 of the replicate statistics; null when no replicate was finite. */
  lower: number | null;
  /** Type-7 quantile (1 + level)/2 of the replicate statistics; null when no replicate was finite. */
  upper: number | null;
  level: number;
  replicates: number;
  seed: number;
  /** Replicates whose statistic was not finite (e.g. an empty subgroup): left out of the quantiles. */
  invalid: number;
}

/**
 * Cluster percentile bootstrap: resamples whole clusters with replacement (as many as there are), keeps every row of a
 * drawn cluster, and takes percentiles of the statistic. Use the task as cluster when conditions are crossed on tasks.
 */
export function clusterBootstrap<T>(rows: readonly T[], clusterOf: (row: T) => string, statistic: (rows: T[]) => number, options: BootstrapOptions = {}): BootstrapInterval {
  const replicates = options.replicates ?? 2000;
  const level = options.level ?? 0.95;
  const seed = options.seed ?? 1;
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  if (!Number.isInteger(replicates) || replicates < 1) throw new RangeError(`replicates must be a positive integer, got ${replicates}`);
  const clusters = [...groupBy(rows, clusterOf).values()];
  const random = mulberry32(seed);
  const values: number[] = [];
  for (let b = 0; b < replicates; b += 1) {
    const sample: T[] = [];
    for (let i = 0; i < clusters.length; i += 1) {
      for (const row of clusters[randomIndex(random, clusters.length)]) sample.push(row);
    }
    const value = statistic(sample);
    if (Number.isFinite(value)) values.push(value);
  }
  return {
    estimate: statistic([...rows]),
    lower: quantileType7(values, (1 - level) / 2),
    upper: quantileType7(values, (1 + level) / 2),
    level,
    replicates,
    seed,
    invalid: replicates - values.length,
  };
}

/** Ordinary percentile bootstrap over independent rows (each row its own cluster). */
export function percentileBootstrap<T>(rows: readonly T[], statistic: (rows: T[]) => number, options: BootstrapOptions = {}): BootstrapInterval {
  return clusterBootstrap(rows.map((row, i) => ({ row, i })), (entry) => String(entry.i), (sample) => statistic(sample.map((entry) => entry.row)), options);
}
