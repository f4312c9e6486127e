/** Krippendorff's α at any level of measurement with missing values (coincidence-matrix form, Krippendorff 2011). */
import { metricValues, valueDistance, type AlphaMetric } from './alpha-metrics';
import { MISSING, type CodedRatings } from './coding';
import { evaluateOnTable, ratingPatterns, type Estimator, type RatingPatterns } from './patterns';

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

/** Fills the flat q × q coincidence matrix `out` from weighted patterns. */
function accumulateCoincidences(pc: PatternCoincidences, weights: Float64Array, out: Float64Array): void {
  out.fill(0);
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

/** α from the disagreements: 1 − (n − 1) D_o / D_e with D_e = Σ n_c n_k δ²_ck; NaN when n < 2 or D_e = 0. */
function alphaOf(observed: number, marginals: Float64Array, delta: Float64Array): number {
  const q = marginals.length;
  let n = 0;
  let expected = 0;
  for (let c = 0; c < q; c++) {
    n += marginals[c];
    for (let k = 0; k < q; k++) expected += marginals[c] * marginals[k] * delta[c * q + k];
  }
  return n < 2 || expected === 0 ? NaN : 1 - ((n - 1) * observed) / expected;
}

/**
 * α at a metric whose δ² does not depend on the data (all but ordinal): with δ² fixed, the observed disagreement
 * Σ o_ck δ²_ck and the marginals n_c are sums over patterns of per-pattern terms times the pattern weights, so a
 * resample (of patterns or of profiles) costs one pass over the patterns' categories and one over the q² cells.
 */
function fixedDistanceAlpha(pc: PatternCoincidences, delta: Float64Array, q: number): Estimator {
  const nPatterns = pc.start.length - 1;
  const observed = new Float64Array(nPatterns);
  const start = new Int32Array(nPatterns + 1);
  const category: number[] = [];
  const count: number[] = [];
  const row = new Float64Array(q);
  for (let p = 0; p < nPatterns; p++) {
    row.fill(0);
    for (let e = pc.start[p]; e < pc.start[p + 1]; e++) {
      observed[p] += pc.value[e] * delta[pc.cell[e]];
      row[Math.floor(pc.cell[e] / q)] += pc.value[e];
    }
    row.forEach((x, c) => {
      if (x === 0) return;
      category.push(c);
      count.push(x);
    });
    start[p + 1] = category.length;
  }
  const marginals = new Float64Array(q);
  return (weights) => {
    marginals.fill(0);
    let disagreement = 0;
    for (let p = 0; p < weights.length; p++) {
      const w = weights[p];
      if (w === 0) continue;
      disagreement += w * observed[p];
      for (let e = start[p]; e < start[p + 1]; e++) marginals[category[e]] += w * count[e];
    }
    return alphaOf(disagreement, marginals, delta);
  };
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
  if (level !== 'ordinal') {
    fillDistances(level, q, marginals, values, delta);
    return fixedDistanceAlpha(pc, delta, q);
  }
  const o = new Float64Array(q * q);
  return (weights) => {
    accumulateCoincidences(pc, weights, o);
    marginals.fill(0);
    for (let c = 0; c < q; c++) for (let k = 0; k < q; k++) marginals[c] += o[c * q + k];
    fillDistances(level, q, marginals, values, delta);
    let observed = 0;
    for (let e = 0; e < q * q; e++) observed += o[e] * delta[e];
    return alphaOf(observed, marginals, delta);
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
