/** Gwet's linearization variance of the raw-ratings coefficients (Gwet 2008; Gwet 2014 ch. 5; irrCAC's *.raw). */
import type { VarianceEstimate } from './analytic';
import type { RatingPatterns } from './patterns';
import { chanceAgreement, chanceCorrected, type ChanceModel } from './raw-coefficients';
import { weightedAgreementAndShares, weightedShares, weightTotal, type WeightedShares } from './weighted-shares';

/** Each pattern's share of p_e for the variance (Gwet 2014, eq. 5.12 and its analogues); null where p_e is constant. */
function unitChance(model: ChanceModel, s: WeightedShares, pi: Float64Array, total: number): Float64Array | null {
  if (model === 'none' || model === 'uniform') return null;
  const { q, weights, ratings, counts } = s;
  const factor = new Float64Array(q);
  for (let k = 0; k < q; k++) {
    if (model === 'gwet') factor[k] = (total * (1 - pi[k])) / (q * (q - 1));
    else for (let l = 0; l < q; l++) factor[k] += ((weights[k * q + l] + weights[l * q + k]) * pi[l]) / 2;
  }
  const out = new Float64Array(ratings.length);
  for (let p = 0; p < ratings.length; p++) {
    if (ratings[p] === 0) continue;
    let sum = 0;
    for (let k = 0; k < q; k++) sum += counts[p * q + k] * factor[k];
    out[p] = sum / ratings[p];
  }
  return out;
}

/**
 * The coefficient on the table with Gwet's variance (before any finite-population correction): with n units rated
 * at least once and n₂ at least twice, unit u contributes κ_u = (n/n₂)(p_a,u − p_e·[m_u ≥ 2])/(1 − p_e) corrected to
 * κ*_u = κ_u − 2(1 − κ)(p_e,u − p_e)/(1 − p_e), and v = Σ_u (κ*_u − κ)² / (n(n − 1)).
 */
export function rawCoefficientVariance(
  model: ChanceModel,
  patterns: RatingPatterns,
  weights: Float64Array,
): VarianceEstimate {
  const s = weightedShares(patterns, weights);
  const pi = new Float64Array(s.q);
  const total = weightTotal(weights);
  const pa = weightedAgreementAndShares(s, patterns.counts, pi);
  const pe = chanceAgreement(model, pi, weights, total);
  const estimate = chanceCorrected(model, pa, pe);
  let n = 0;
  let n2 = 0;
  patterns.counts.forEach((c, p) => {
    if (s.ratings[p] >= 1) n += c;
    if (s.ratings[p] >= 2) n2 += c;
  });
  const unitPe = unitChance(model, s, pi, total);
  const denominator = model === 'none' ? 1 : 1 - pe;
  const chance = model === 'none' ? 0 : pe;
  let sum = 0;
  patterns.counts.forEach((c, p) => {
    if (s.ratings[p] === 0) return;
    const paired = s.ratings[p] >= 2;
    let unit = ((n / n2) * ((paired ? s.agreement[p] : 0) - (paired ? chance : 0))) / denominator;
    if (unitPe) unit -= (2 * (1 - estimate) * (unitPe[p] - pe)) / (1 - pe);
    sum += c * (unit - estimate) ** 2;
  });
  return { estimate, pa, pe: chance, variance: n >= 2 ? sum / (n * (n - 1)) : NaN, n };
}
