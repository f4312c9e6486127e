/** Cohen's κ between two raters (Cohen 1960), and its weighted form for ordinal categories (Cohen 1968). */
import type { CodedRatings } from './coding';
import { accumulateConfusion, confusionCells } from './confusion-matrix';
import { evaluateOnTable, type Estimator, type RatingPatterns } from './patterns';

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
export function kappaFromTable(table: ArrayLike<number>, q: number, weights: Float64Array, rowSums = new Float64Array(q), colSums = new Float64Array(q)): number {
  rowSums.fill(0);
  colSums.fill(0);
  let n = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const x = table[i * q + j];
      rowSums[i] += x;
      colSums[j] += x;
      n += x;
    }
  }
  if (n === 0) return NaN;
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < q; i++) {
    for (let j = 0; j < q; j++) {
      const w = weights[i * q + j];
      observed += w * table[i * q + j];
      expected += (w * rowSums[i] * colSums[j]) / n;
    }
  }
  return expected === 0 ? NaN : 1 - observed / expected;
}

/** Estimator of Cohen's κ between two raters (by index) over the units both labelled. */
export function cohenKappaEstimator(patterns: RatingPatterns, weighting: KappaWeighting = 'unweighted', raterA = 0, raterB = 1): Estimator {
  const q = patterns.nCategories;
  const cells = confusionCells(patterns, raterA, raterB);
  const weights = disagreementWeights(q, weighting);
  const table = new Float64Array(q * q);
  const rowSums = new Float64Array(q);
  const colSums = new Float64Array(q);
  return (itemWeights) => {
    accumulateConfusion(cells, itemWeights, table);
    return kappaFromTable(table, q, weights, rowSums, colSums);
  };
}

/** Cohen's κ of two raters of a coded table (default the first two), unweighted or weighted by category rank. */
export function cohenKappa(coded: CodedRatings, weighting: KappaWeighting = 'unweighted', raterA = 0, raterB = 1): number {
  return evaluateOnTable(coded, (p) => cohenKappaEstimator(p, weighting, raterA, raterB));
}
