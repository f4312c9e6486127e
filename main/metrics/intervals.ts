/** Bootstrap intervals of the benchmark tables: proportions and paired differences resampled by cluster (task, item or script). */
import { clusterBootstrap, type BootstrapOptions } from '../stats/benchmarks/index';
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

/** Percentile bootstrap of the mean of the observations, resampling whole clusters with replacement. */
export function meanInterval(observations: readonly Observation[], options: BootstrapOptions): BootstrapInterval {
  return clusterBootstrap(observations, (o) => o.cluster, mean, options);
}

/** Observations of hits (1) and misses (0) in a cluster. */
export function hits<T>(rows: readonly T[], clusterOf: (row: T) => string, hit: (row: T) => boolean): Observation[] {
  return rows.map((row) => ({ cluster: clusterOf(row), value: hit(row) ? 1 : 0 }));
}
