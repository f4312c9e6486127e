import type { BootstrapOptions } from './bootstrap';
import { clusterDraws } from './cluster-draws';
import { mulberry32, randomIndex } from './prng';
import { sortedQuantileType7 } from './quantile';
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';

/** Resamples × sums up to which the integer path keeps every resample's totals at once (32 MB). */
const MAX_COLUMN_CELLS = 4_000_000;

/**
 * Whether every total of `count` drawn clusters' integer sums is exact, so that their order cannot change it: each
 * partial sum below, count · base plus multiples of differences from it, stays within 3 · count · the largest sum.
 */
function exactInAnyOrder(sums: Float64Array, count: number): boolean {
  let largest = 0;
  for (const v of sums) {
    if (!Number.isInteger(v)) return false;
    largest = Math.max(largest, Math.abs(v));
  }
  return 3 * largest * count <= Number.MAX_SAFE_INTEGER;
}

/** The vector of sums that most clusters have (the first such in order when several tie). */
function commonest(clusters: readonly Float64Array[]): Float64Array {
  const seen = new Map<string, { sums: Float64Array; n: number }>();
  let best: { sums: Float64Array; n: number } | null = null;
  for (const sums of clusters) {
    const key = sums.join(',');
    const entry = seen.get(key) ?? { sums, n: 0 };
    entry.n += 1;
    seen.set(key, entry);
    if (!best || entry.n > best.n) best = entry;
  }
  return best!.sums;
}

/**
 * The cluster percentile bootstrap of clusterBootstrap for statistics that depend on the rows only through sums
 * (counts, weighted sums): each cluster is given as its vector of sums, a resample adds the drawn clusters' vectors,
 * and every statistic reads the same totals, so one pass of resamples gives all their intervals. It draws the same
 * clusters as clusterBootstrap with the same seed, without building the resampled rows. The draws are kept per (seed,
 * resamples, clusters) (cluster-draws.ts): integer sums become one product with the draws' multiplicities (exact, so
 * the very totals of adding the drawn clusters one by one), fractional ones replay the drawn clusters in order.
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
  const values: number[][] = statistics.map(() => []);
  const record = () =>
    statistics.forEach((statistic, s) => {
      const v = statistic(totals);
      if (Number.isFinite(v)) values[s].push(v);
    });
  const draws = clusterDraws(seed, resamples, count);
  if (draws && width * resamples <= MAX_COLUMN_CELLS && exactInAnyOrder(by, count)) {
    // Integer sums: resample b's totals are Σ_c m(b, c) · sums(c), the same numbers in any order. As Σ_c m(b, c) is
    // the number of clusters, they are also count · base + Σ_c m(b, c) · (sums(c) − base) for the most common vector
    // of sums `base`, whose clusters then add nothing.
    const multiplicities = draws.multiplicities();
    const base = commonest(clusters);
    const columns = new Float64Array(width * resamples);
    for (let j = 0; j < width; j += 1) columns.fill(count * base[j], j * resamples, (j + 1) * resamples);
    clusters.forEach((sums, c) => {
      const from = c * resamples;
      for (let j = 0; j < width; j += 1) {
        const d = sums[j] - base[j];
        if (d === 0) continue;
        const at = j * resamples;
        for (let b = 0; b < resamples; b += 1) columns[at + b] += multiplicities[from + b] * d;
      }
    });
    for (let b = 0; b < resamples; b += 1) {
      for (let j = 0; j < width; j += 1) totals[j] = columns[j * resamples + b];
      record();
    }
  } else {
    // Fractional sums: the drawn clusters added in the order drawn, as before.
    const random = draws ? null : mulberry32(seed);
    const scratch = new Int32Array(draws ? 0 : count);
    for (let b = 0; b < resamples; b += 1) {
      let drawn: ArrayLike<number> = scratch;
      if (draws) drawn = draws.indices.subarray(b * count, (b + 1) * count);
      else for (let i = 0; i < count; i += 1) scratch[i] = randomIndex(random!, count);
      totals.fill(0);
      for (let i = 0; i < count; i += 1) {
        const c = drawn[i];
        for (let k = offsets[c]; k < offsets[c + 1]; k += 1) totals[at[k]] += by[k];
      }
      record();
    }
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
