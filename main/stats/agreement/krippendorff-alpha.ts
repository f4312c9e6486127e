/** Krippendorff's α at any level of measurement with missing values (coincidence-matrix form, Krippendorff 2011). */
import { metricValues, valueDistance, type AlphaMetric } from './alpha-metrics';
import { MISSING, type CodedRatings } from './coding';
import { evaluateOnTable, ratingPatterns, type Estimator, type RatingPatterns } from './patterns';
import { columnSums, sparseColumns } from './column-sums';
import { nonzeroOf } from './sparse-terms';

/** Per-pattern coincidences, sparse: entries start[p] .. start[p + 1] − 1 add value[e] to the flat cell[e] = c * q + k. */
interface PatternCoincidences {
  start: Int32Array;
  cell: Int32Array;
  value: Float64Array;
}

/** Each unit with m_u ≥ 2 values adds n_uc·n_uk / (m_u − 1) to o_ck for c ≠ k, and n_uc(n_uc − 1) / (m_u − 1) to o_cc. */
function patternCoincidences(patterns: RatingPatterns): PatternCoincidences {
  const { nRaters, nCategories: q, codes, counts } = patterns;
  const start = new Int32Array(counts.length + 1);
  const cell: number[] = [];
  const value: number[] = [];
  const tally = new Float64Array(q);
  for (let p = 0; p < counts.length; p++) {
    tally.fill(0);
    let m = 0;
    for (let r = 0; r < nRaters; r++) {
      const c = codes[p * nRaters + r];
      if (c !== MISSING) {
        tally[c]++;
        m++;
      }
    }
    if (m >= 2) {
      for (let c = 0; c < q; c++) {
        if (tally[c] === 0) continue;
        for (let k = 0; k < q; k++) {
          const pairs = c === k ? tally[c] * (tally[c] - 1) : tally[c] * tally[k];
          if (pairs === 0) continue;
          cell.push(c * q + k);
          value.push(pairs / (m - 1));
        }
      }
    }
    start[p + 1] = cell.length;
  }
  return { start, cell: Int32Array.from(cell), value: Float64Array.from(value) };
}

/** Adds weighted patterns' coincidences into the flat q × q matrix `out` (zero where no pattern adds). */
function accumulateCoincidences(pc: PatternCoincidences, weights: Float64Array, out: Float64Array): void {
  for (let p = 0; p < weights.length; p++) {
    const w = weights[p];
    if (w === 0) continue;
    for (let e = pc.start[p]; e < pc.start[p + 1]; e++) out[pc.cell[e]] += w * pc.value[e];
  }
}

/**
 * Fills `out` with squared distances δ²_ck; ordinal uses the marginals n_g: (Σ_{g=c..k} n_g − (n_c + n_k)/2)²; the
 * value-based metrics are in alpha-metrics.ts.
 */
export function fillDistances(
  metric: AlphaMetric,
  q: number,
  marginals: Float64Array,
  values: Float64Array | null,
  out: Float64Array,
): void {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values ?? []) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  for (let c = 0; c < q; c++) {
    let between = 0;
    for (let k = c; k < q; k++) {
      between += marginals[k];
      let d: number;
      if (metric === 'nominal') d = c === k ? 0 : 1;
      else if (metric === 'ordinal') d = (between - (marginals[c] + marginals[k]) / 2) ** 2;
      else d = valueDistance(metric, values![c], values![k], min, max);
      out[c * q + k] = d;
      out[k * q + c] = d;
    }
  }
}

/** The categories some pattern's coincidences involve, ascending, with scratch for the sums over them. */
interface CategoryLists {
  candidates: Int32Array;
  present: Int32Array;
  values: Float64Array;
}

function categoryLists(pc: PatternCoincidences, q: number): CategoryLists {
  const used = new Set(Array.from(pc.cell, (cell) => Math.floor(cell / q)));
  return { candidates: Int32Array.from(used).sort(), present: new Int32Array(q), values: new Float64Array(q) };
}

/**
 * α from the disagreements: 1 − (n − 1) D_o / D_e with D_e = Σ n_c n_k δ²_ck; NaN when n < 2 or D_e = 0. The sums
 * visit the categories with n_c ≠ 0 and the cells with δ²_ck ≠ 0 only, in the dense order (sparse-terms.ts).
 */
function alphaOf(observed: number, marginals: Float64Array, delta: Float64Array, lists: CategoryLists): number {
  const { present, values } = lists;
  const nPresent = nonzeroOf(marginals, lists.candidates, present);
  for (let a = 0; a < nPresent; a++) values[a] = marginals[present[a]];
  const q = marginals.length;
  let n = 0;
  let expected = 0;
  for (let a = 0; a < nPresent; a++) {
    const nc = values[a];
    const row = present[a] * q;
    n += nc;
    for (let b = 0; b < nPresent; b++) {
      const d = delta[row + present[b]];
      if (d !== 0) expected += nc * values[b] * d;
    }
  }
  return n < 2 || expected === 0 ? NaN : 1 - ((n - 1) * observed) / expected;
}

/**
 * Estimator of α = 1 − (n − 1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck over units with at least 2 values;
 * NaN when fewer than 2 pairable values or no expected disagreement. Interval and ratio need numeric categories.
 * Ordinal δ², which depends on the marginals, is recomputed from each weighting's coincidences.
 */
export function krippendorffAlphaEstimator(
  patterns: RatingPatterns,
  level: AlphaMetric,
  categories: readonly string[],
): Estimator {
  const q = patterns.nCategories;
  const values = metricValues(level, categories);
  const pc = patternCoincidences(patterns);
  const delta = new Float64Array(q * q);
  const marginals = new Float64Array(q);
  const fixed = level !== 'ordinal';
  if (fixed) fillDistances(level, q, marginals, values, delta);
  const lists = categoryLists(pc, q);
  // The cells some pattern fills, in row-major order: the dense sums over o's q² cells add only these (the rest are 0).
  const cells = Int32Array.from(new Set(pc.cell)).sort();
  const rows = Int32Array.from(cells, (cell) => Math.floor(cell / q));
  // o[e] is cell cells[e], gathered column by column (column-sums.ts): accumulateCoincidences' sums to the last bit.
  const compact = new Int32Array(q * q);
  cells.forEach((cell, e) => (compact[cell] = e));
  const byCell = sparseColumns(pc.start, pc.cell.map((cell) => compact[cell]), pc.value, cells.length);
  const o = new Float64Array(cells.length);
  return (weights) => {
    columnSums(byCell, weights, o);
    marginals.fill(0);
    for (let e = 0; e < cells.length; e++) marginals[rows[e]] += o[e];
    if (!fixed) fillDistances(level, q, marginals, values, delta);
    let observed = 0;
    for (let e = 0; e < cells.length; e++) observed += o[e] * delta[cells[e]];
    return alphaOf(observed, marginals, delta, lists);
  };
}

/** Krippendorff's α of a coded table at the given level of measurement (also ratio, circular, bipolar). */
export function krippendorffAlpha(coded: CodedRatings, level: AlphaMetric = 'nominal'): number {
  return evaluateOnTable(coded, (p) => krippendorffAlphaEstimator(p, level, coded.categories));
}

/** The coincidence matrix o_ck of a coded table (rows and columns in category order), as printed in Krippendorff (2011). */
export function coincidenceMatrix(coded: CodedRatings): number[][] {
  const patterns = ratingPatterns(coded);
  const q = patterns.nCategories;
  const o = new Float64Array(q * q);
  accumulateCoincidences(patternCoincidences(patterns), patterns.counts, o);
  return Array.from({ length: q }, (_, c) => Array.from(o.subarray(c * q, (c + 1) * q)));
}
