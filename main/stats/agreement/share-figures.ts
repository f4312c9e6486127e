/**
 * The coefficients that need only p_a and the category shares π, computed together in one pass over the patterns:
 * percent agreement, Fleiss' κ, Gwet's AC1, Brennan–Prediger, every per-category κ and, with agreement weights, the
 * weighted percent agreement, BP, Fleiss' κ and AC2. Each equals its own estimator (the first three to the last bit:
 * the same sums in the same order).
 */
import { ac1FromShares } from './gwet-ac1';
import { fleissFromShares } from './fleiss-kappa';
import { patternShares } from './pattern-shares';
import type { RatingPatterns } from './patterns';
import { columnSums, sparseColumns } from './column-sums';
import { chanceAgreement, chanceCorrected, type ChanceModel } from './raw-coefficients';
import { sparseRows } from './sparse-terms';
import { weightedShares, weightTotal } from './weighted-shares';

/** The weighted raw-ratings coefficients of the report, by key, with their chance models. */
export const WEIGHTED_MODELS = [
  ['percentAgreement', 'none'],
  ['brennanPrediger', 'uniform'],
  ['fleissKappa', 'fleiss'],
  ['gwetAc2', 'gwet'],
] as const satisfies readonly (readonly [string, ChanceModel])[];

/** Figures filled into `out` from one set of pattern weights. */
export type FigureEvaluator = (weights: Float64Array, out: Float64Array) => void;

/** The names of the figures, in output order, for a list of categories (and with the weighted ones). */
export function shareFigureNames(categories: readonly string[], weighted: boolean): string[] {
  return [
    'percentAgreement',
    'fleissKappa',
    'gwetAc1',
    'brennanPrediger',
    ...categories.map((_, j) => `category:${j}`),
    ...(weighted ? WEIGHTED_MODELS.map(([key]) => `weighted.${key}`) : []),
  ];
}

/**
 * Builds the evaluator. Per-category κ_j is Fleiss' κ of "j" against the rest: p_a,j is the mean over pairable units
 * of [x(x − 1) + (m − x)(m − x − 1)]/(m(m − 1)) with x = r_uj, which is 1 where x = 0, so only the categories a unit
 * used are visited; p_e,j = π_j² + (1 − π_j)².
 */
export function shareFigures(patterns: RatingPatterns, categoryWeights: Float64Array | null = null): FigureEvaluator {
  const s = patternShares(patterns);
  const weightedAgreement = categoryWeights ? weightedShares(patterns, categoryWeights).agreement : null;
  const total = categoryWeights ? weightTotal(categoryWeights) : 0;
  const sparse = categoryWeights ? sparseRows(categoryWeights, patterns.nCategories) : undefined;
  const q = patterns.nCategories;
  const pi = new Float64Array(q);
  const loss = new Float64Array(s.category.length);
  for (let p = 0; p < s.ratings.length; p++) {
    const m = s.ratings[p];
    if (m < 2) continue;
    for (let e = s.start[p]; e < s.start[p + 1]; e++) {
      const x = Math.round(s.share[e] * m);
      loss[e] = 1 - (x * (x - 1) + (m - x) * (m - x - 1)) / (m * (m - 1));
    }
  }
  const lost = new Float64Array(q);
  const uniform = q / (q * q);
  const { ratings, agreement } = s;
  // π's and the losses' sums by category, gathered column by column (column-sums.ts): the scatter's sums exactly.
  const shareColumns = sparseColumns(s.start, s.category, s.share, q);
  const lossColumns = sparseColumns(s.start, s.category, loss, q, (p) => ratings[p] >= 2);
  return (weights, out) => {
    // The sums of agreementAndShares (pattern-shares.ts), each in its order; a zero weight adds +0 to each.
    let agreementSum = 0;
    let weightedSum = 0;
    let pairable = 0;
    let rated = 0;
    for (let p = 0; p < weights.length; p++) {
      const w = weights[p];
      if (w === 0) continue;
      rated += w;
      if (ratings[p] >= 2) {
        pairable += w;
        agreementSum += w * agreement[p];
        if (weightedAgreement) weightedSum += w * weightedAgreement[p];
      }
    }
    columnSums(shareColumns, weights, pi);
    columnSums(lossColumns, weights, lost);
    for (let k = 0; k < q; k++) pi[k] /= rated;
    const pa = pairable > 0 ? agreementSum / pairable : NaN;
    out[0] = pa;
    out[1] = fleissFromShares(pa, pi);
    out[2] = ac1FromShares(pa, pi);
    out[3] = uniform >= 1 ? NaN : (pa - uniform) / (1 - uniform);
    for (let j = 0; j < q; j++) {
      const paj = pairable > 0 ? (pairable - lost[j]) / pairable : NaN;
      const pej = pi[j] * pi[j] + (1 - pi[j]) * (1 - pi[j]);
      out[4 + j] = pej >= 1 ? NaN : (paj - pej) / (1 - pej);
    }
    if (!categoryWeights) return;
    const paw = pairable > 0 ? weightedSum / pairable : NaN;
    WEIGHTED_MODELS.forEach(([, model], i) => {
      out[4 + q + i] = chanceCorrected(model, paw, chanceAgreement(model, pi, categoryWeights, total, sparse));
    });
  };
}
