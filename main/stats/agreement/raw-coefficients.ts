/**
 * Gwet's raw-ratings coefficients κ = (p_a − p_e)/(1 − p_e) for any number of raters with missing ratings and any
 * agreement weights (Gwet 2014 ch. 2–4; irrCAC pa.coeff.raw, bp.coeff.raw, gwet.ac1.raw, fleiss.kappa.raw). They differ
 * only in the chance agreement p_e.
 */
import type { Estimator, RatingPatterns } from './patterns';
import { sparseRows, type SparseRows } from './sparse-terms';
import { weightedAgreementAndShares, weightedShares, weightTotal } from './weighted-shares';

/**
 * p_e of each coefficient, T = Σ_kl w_kl: `none` 0 (percent agreement); `uniform` T/q² (Brennan–Prediger);
 * `gwet` T·Σ_k π_k(1 − π_k)/(q(q − 1)) (AC1, AC2); `fleiss` Σ_kl w_kl π_k π_l (Fleiss' κ).
 */
export type ChanceModel = 'none' | 'uniform' | 'gwet' | 'fleiss';

/**
 * p_e of a chance model from the category shares π and the weights (T their total; `sparse` their nonzero entries,
 * listed here when not given). Fleiss' sum visits the nonzero weights of categories with shares, in the dense order.
 */
export function chanceAgreement(
  model: ChanceModel,
  pi: Float64Array,
  weights: Float64Array,
  total: number,
  sparse?: SparseRows,
): number {
  const q = pi.length;
  if (model === 'none') return 0;
  if (model === 'uniform') return total / (q * q);
  if (model === 'gwet') {
    if (q < 2) return NaN;
    let sum = 0;
    for (let k = 0; k < q; k++) sum += pi[k] * (1 - pi[k]);
    return (total * sum) / (q * (q - 1));
  }
  const { start, column } = sparse ?? sparseRows(weights, q);
  let sum = 0;
  for (let k = 0; k < q; k++) {
    if (pi[k] === 0) continue;
    for (let e = start[k]; e < start[k + 1]; e++) {
      const l = column[e];
      if (pi[l] !== 0) sum += weights[k * q + l] * pi[k] * pi[l];
    }
  }
  return sum;
}

/** (p_a − p_e)/(1 − p_e), or p_a for percent agreement; NaN when p_e ≥ 1. */
export function chanceCorrected(model: ChanceModel, pa: number, pe: number): number {
  if (model === 'none') return pa;
  return pe >= 1 ? NaN : (pa - pe) / (1 - pe);
}

/** Estimator of one raw-ratings coefficient with agreement weights `weights` (q × q, flat). */
export function rawCoefficientEstimator(
  model: ChanceModel,
  patterns: RatingPatterns,
  weights: Float64Array,
): Estimator {
  const s = weightedShares(patterns, weights);
  const pi = new Float64Array(s.q);
  const total = weightTotal(weights);
  const sparse = sparseRows(weights, s.q);
  return (itemWeights) => {
    const pa = weightedAgreementAndShares(s, itemWeights, pi);
    return chanceCorrected(model, pa, chanceAgreement(model, pi, weights, total, sparse));
  };
}
