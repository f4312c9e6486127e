/** Cohen's κ between two raters (Cohen 1960), and its weighted form for ordinal categories (Cohen 1968). */
import type { CodedRatings } from './coding';
import { evaluateOnTable, type Estimator, type RatingPatterns } from './patterns';
import {
  denseTable,
  fillMargins,
  fillTable,
  patternTable,
  tableMargins,
  type Margins,
  type SparseTable,
} from './sparse-table';

/** Disagreement weights: unweighted (0 on the diagonal, 1 off it), linear |i − j|, or quadratic (i − j)², i and j category ranks. */
export type KappaWeighting = 'unweighted' | 'linear' | 'quadratic';

/** The q × q disagreement weight matrix, flat and row-major. */
export function disagreementWeights(q: number, weighting: KappaWeighting): Float64Array {
  const w = new Float64Array(q * q);
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const d = Math.abs(i - j);
      w[i * q + j] = weighting === 'unweighted' ? (d === 0 ? 0 : 1) : weighting === 'linear' ? d : d * d;
    }
  }
  return w;
}

/**
 * κ_w = 1 − Σ w_ij o_ij / Σ w_ij e_ij from a flat q × q table of counts (rows: rater A), e_ij = row_i · col_j / n;
 * NaN when the table is empty or the expected disagreement is 0.
 */
export function kappaFromTable(table: ArrayLike<number>, q: number, weights: Float64Array): number {
  return sparseKappa(denseTable(table, q), weights, tableMargins(q));
}

/** κ_w of a sparse table: the sums of the dense form over its nonzero terms, in its order (sparse-terms.ts). */
function sparseKappa(t: SparseTable, w: Float64Array, m: Margins): number {
  fillMargins(t, m);
  const { n, rowSums, colSums, columns, nColumns, values: colValues } = m;
  if (n === 0) return NaN;
  const q = t.q;
  let observed = 0;
  for (let e = 0; e < t.cell.length; e++) observed += w[t.cell[e]] * t.value[e];
  for (let b = 0; b < nColumns; b++) colValues[b] = colSums[columns[b]];
  let expected = 0;
  for (let a = 0; a < m.nRows; a++) {
    const i = m.rows[a];
    const row = i * q;
    const ri = rowSums[i];
    for (let b = 0; b < nColumns; b++) {
      const x = w[row + columns[b]];
      if (x !== 0) expected += (x * ri * colValues[b]) / n;
    }
  }
  return expected === 0 ? NaN : 1 - observed / expected;
}

/** Estimator of Cohen's κ between two raters (by index) over the units both labelled. */
export function cohenKappaEstimator(patterns: RatingPatterns, weighting: KappaWeighting = 'unweighted', raterA = 0, raterB = 1): Estimator {
  const q = patterns.nCategories;
  const table = patternTable(patterns, raterA, raterB);
  const weights = disagreementWeights(q, weighting);
  const margins = tableMargins(q);
  return (itemWeights) => {
    fillTable(table, itemWeights);
    return sparseKappa(table, weights, margins);
  };
}

/** Cohen's κ of two raters of a coded table (default the first two), unweighted or weighted by category rank. */
export function cohenKappa(coded: CodedRatings, weighting: KappaWeighting = 'unweighted', raterA = 0, raterB = 1): number {
  return evaluateOnTable(coded, (p) => cohenKappaEstimator(p, weighting, raterA, raterB));
}
