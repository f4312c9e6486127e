import type { BootstrapOptions } from './bootstrap';
import { mulberry32, randomIndex } from './prng';
import { sortedQuantileType7 } from './quantile';
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';

/**
 * The cluster percentile bootstrap of clusterBootstrap for statistics that depend on the rows only through sums
 * (counts, weighted sums): each cluster is given as its vector of sums, a resample adds the drawn clusters' vectors,
 * and every statistic reads the same totals, so one pass of resamples gives all their intervals. It draws the same
 * clusters as clusterBootstrap with the same seed, without building the resampled rows.
 */
export function clusterSumsBootstrap(
  clusters: readonly Float64Array[],
  statistics: readonly ((totals: Float64Array) => number)[],
  options: BootstrapOptions = {},
): BootstrapInterval[] {
  const resamples = options.resamples ?? 10_000;
  const confidence = options.confidence ?? 0.95;
  const seed = options.seed ?? 1;
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (!Number.isInteger(resamples) || resamples < 1)
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  const width = clusters[0]?.length ?? 0;
  const count = clusters.length;
  // The clusters' non-zero sums only (most are zero when a cluster touches few cells), as offsets, indices, values.
  const offsets = new Int32Array(count + 1);
  const index: number[] = [];
  const value: number[] = [];
  clusters.forEach((c, i) => {
    c.forEach((v, j) => {
      if (v !== 0) [index[index.length], value[value.length]] = [j, v];
    });
    offsets[i + 1] = index.length;
  });
  const at = Int32Array.from(index);
  const by = Float64Array.from(value);
  const totals = new Float64Array(width);
  for (let k = 0; k < at.length; k += 1) totals[at[k]] += by[k];
  const estimates = statistics.map((statistic) => statistic(totals));
  const random = mulberry32(seed);
  const values: number[][] = statistics.map(() => []);
  for (let b = 0; b < resamples; b += 1) {
    totals.fill(0);
    for (let i = 0; i < count; i += 1) {
      const c = randomIndex(random, count);
      for (let k = offsets[c]; k < offsets[c + 1]; k += 1) totals[at[k]] += by[k];
    }
    statistics.forEach((statistic, s) => {
      const v = statistic(totals);
      if (Number.isFinite(v)) values[s].push(v);
    });
  }
  return statistics.map((_, s) => {
    const sorted = Float64Array.from(values[s]).sort();
    return {
      estimate: Number.isFinite(estimates[s]) ? estimates[s] : null,
      low: sortedQuantileType7(sorted, (1 - confidence) / 2),
      high: sortedQuantileType7(sorted, (1 + confidence) / 2),
      resamples,
      undefinedResamples: resamples - values[s].length,
      seed,
      confidence,
    };
  });
}
