import type { BootstrapOptions } from './bootstrap';
import { clusterDraws } from './cluster-draws';
import { mulberry32, randomIndex } from './prng';
import { quantileBySelection } from '../agreement/select-quantile';
import type { ClusterDraws } from './cluster-draws';
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

/** The clusters grouped by their vector of sums, in order of first appearance: each vector and its clusters. */
function alike(clusters: readonly Float64Array[]): { sums: Float64Array; members: number[] }[] {
  const groups = new Map<string, { sums: Float64Array; members: number[] }>();
  clusters.forEach((sums, c) => {
    const key = sums.join(',');
    const group = groups.get(key);
    if (group) group.members.push(c);
    else groups.set(key, { sums, members: [c] });
  });
  return [...groups.values()];
}

/**
 * Integer sums: resample b's totals are Σ_c m(b, c) · sums(c), the same numbers in any order. As Σ_c m(b, c) is the
 * number of clusters, they are also count · base + Σ_g n(b, g) · (sums(g) − base), over the groups g of clusters with
 * equal sums, n(b, g) the draws of g's clusters and `base` the vector most clusters have, whose group adds nothing.
 * Returns every resample's totals: total j of resample b at [j · resamples + b].
 */
function integerColumns(clusters: readonly Float64Array[], draws: ClusterDraws, width: number): Float64Array {
  const { resamples, count } = draws;
  const multiplicities = draws.multiplicities();
  const groups = alike(clusters);
  const base = groups.reduce((a, g) => (g.members.length > a.members.length ? g : a)).sums;
  const columns = new Float64Array(width * resamples);
  for (let j = 0; j < width; j += 1) columns.fill(count * base[j], j * resamples, (j + 1) * resamples);
  const drawn = new Float64Array(resamples);
  for (const { sums, members } of groups) {
    if (sums === base) continue;
    drawn.fill(0);
    for (const c of members) {
      const from = c * resamples;
      for (let b = 0; b < resamples; b += 1) drawn[b] += multiplicities[from + b];
    }
    for (let j = 0; j < width; j += 1) {
      const d = sums[j] - base[j];
      if (d === 0) continue;
      const at = j * resamples;
      for (let b = 0; b < resamples; b += 1) columns[at + b] += drawn[b] * d;
    }
  }
  return columns;
}

/**
 * The clusters' non-zero sums (most are zero when a cluster touches few cells) as offsets, indices and values, over
 * the columns that differ: a column equal in every cluster to an earlier one (e.g. the clean side of two contrasts)
 * is not added but copied from it (`copies`: pairs of column, earlier column), the same total bit for bit.
 */
interface SparseClusters {
  offsets: Int32Array;
  at: Int32Array;
  by: Float64Array;
  copies: Int32Array;
}

function sparseClusters(clusters: readonly Float64Array[], width: number): SparseClusters {
  const first = new Map<string, number>();
  const copies: number[] = [];
  const kept = new Uint8Array(width);
  for (let j = 0; j < width; j += 1) {
    const key = clusters.map((c) => c[j]).join(',');
    const earlier = first.get(key);
    if (earlier !== undefined) {
      copies.push(j, earlier);
      continue;
    }
    kept[j] = 1;
    first.set(key, j);
  }
  const offsets = new Int32Array(clusters.length + 1);
  const index: number[] = [];
  const value: number[] = [];
  clusters.forEach((c, i) => {
    c.forEach((v, j) => {
      if (v !== 0 && kept[j]) [index[index.length], value[value.length]] = [j, v];
    });
    offsets[i + 1] = index.length;
  });
  return { offsets, at: Int32Array.from(index), by: Float64Array.from(value), copies: Int32Array.from(copies) };
}

/** Sets `totals` to the sums of the `count` clusters drawn at drawn[from…], added in the order drawn. */
function addDrawn(drawn: ArrayLike<number>, from: number, count: number, s: SparseClusters, totals: Float64Array) {
  const { offsets, at, by, copies } = s;
  totals.fill(0);
  const to = from + count;
  for (let i = from; i < to; i += 1) {
    const c = drawn[i];
    const end = offsets[c + 1];
    for (let k = offsets[c]; k < end; k += 1) totals[at[k]] += by[k];
  }
  for (let k = 0; k < copies.length; k += 2) totals[copies[k]] = totals[copies[k + 1]];
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
  const sparse = sparseClusters(clusters, width);
  const totals = new Float64Array(width);
  addDrawn(Int32Array.from(clusters.keys()), 0, count, sparse, totals);
  const estimates = statistics.map((statistic) => statistic(totals));
  const values = statistics.map(() => new Float64Array(resamples));
  const finite = new Int32Array(statistics.length);
  const record = () => {
    for (let s = 0; s < statistics.length; s += 1) {
      const v = statistics[s](totals);
      if (Number.isFinite(v)) values[s][finite[s]++] = v;
    }
  };
  const draws = clusterDraws(seed, resamples, count);
  if (draws && width * resamples <= MAX_COLUMN_CELLS && exactInAnyOrder(sparse.by, count)) {
    const columns = integerColumns(clusters, draws, width);
    for (let b = 0; b < resamples; b += 1) {
      for (let j = 0; j < width; j += 1) totals[j] = columns[j * resamples + b];
      record();
    }
  } else if (draws) {
    // Fractional sums: the drawn clusters added in the order drawn, as before.
    const indices = draws.indices;
    for (let b = 0; b < resamples; b += 1) {
      addDrawn(indices, b * count, count, sparse, totals);
      record();
    }
  } else {
    const random = mulberry32(seed);
    const drawn = new Int32Array(count);
    for (let b = 0; b < resamples; b += 1) {
      for (let i = 0; i < count; i += 1) drawn[i] = randomIndex(random, count);
      addDrawn(drawn, 0, count, sparse, totals);
      record();
    }
  }
  return statistics.map((_, s) => {
    const n = finite[s];
    return {
      estimate: Number.isFinite(estimates[s]) ? estimates[s] : null,
      low: n === 0 ? null : quantileBySelection(values[s], n, (1 - confidence) / 2),
      high: n === 0 ? null : quantileBySelection(values[s], n, (1 + confidence) / 2),
      resamples,
      undefinedResamples: resamples - n,
      seed,
      confidence,
    };
  });
}
