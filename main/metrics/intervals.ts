/** Bootstrap intervals of the benchmark tables: proportions and paired differences resampled by cluster (task, item or script). */
import { clusterBootstrap, clusterSumsBootstrap, type BootstrapOptions } from '../stats/benchmarks/index';
import type { BootstrapInterval } from '../../shared/types/bootstrap-interval';

/** One observation: the cluster it belongs to and its value (1/0 for a hit, or a paired difference). */
export interface Observation {
  cluster: string;
  value: number;
}

/** Mean of the values, NaN for an empty sample (the bootstrap counts NaN resamples as undefined). */
function mean(sample: readonly Observation[]): number {
  if (sample.length === 0) return Number.NaN;
  let sum = 0;
  for (const o of sample) sum += o.value;
  return sum / sample.length;
}

/** Each cluster's [sum, count] in order of first appearance, or null when a value is not an integer up to 2^20. */
function integerSums(observations: readonly Observation[]): Float64Array[] | null {
  const byCluster = new Map<string, Float64Array>();
  for (const o of observations) {
    if (!Number.isInteger(o.value) || Math.abs(o.value) > 2 ** 20) return null;
    let sums = byCluster.get(o.cluster);
    if (!sums) byCluster.set(o.cluster, (sums = new Float64Array(2)));
    sums[0] += o.value;
    sums[1] += 1;
  }
  return [...byCluster.values()];
}

/**
 * Percentile bootstrap of the mean of the observations, resampling whole clusters with replacement. With integer
 * values (hits, differences of hits) every sum is exact in any order, so the clusters' sums give the very interval
 * clusterBootstrap gives (same draws, same values), without building the resampled rows.
 */
export function meanInterval(observations: readonly Observation[], options: BootstrapOptions): BootstrapInterval {
  const sums = observations.length > 0 && observations.length < 2 ** 26 ? integerSums(observations) : null;
  if (!sums) return clusterBootstrap(observations, (o) => o.cluster, mean, options);
  const [interval] = clusterSumsBootstrap(sums, [(t) => (t[1] === 0 ? Number.NaN : t[0] / t[1])], options);
  return interval;
}

/** Observations of hits (1) and misses (0) in a cluster. */
export function hits<T>(rows: readonly T[], clusterOf: (row: T) => string, hit: (row: T) => boolean): Observation[] {
  return rows.map((row) => ({ cluster: clusterOf(row), value: hit(row) ? 1 : 0 }));
}
