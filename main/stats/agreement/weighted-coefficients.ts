/** Weighted and chance-model variants of the raw-ratings coefficients as plain functions of a coded table. */
import type { CodedRatings } from './coding';
import { evaluateOnTable } from './patterns';
import { rawCoefficientEstimator, type ChanceModel } from './raw-coefficients';
import { agreementWeights, type WeightFamily } from './weights';

function rawCoefficient(coded: CodedRatings, model: ChanceModel, family: WeightFamily): number {
  const weights = agreementWeights(family, coded.categories);
  return evaluateOnTable(coded, (p) => rawCoefficientEstimator(model, p, weights));
}

/**
 * Brennan & Prediger's (1981) coefficient (p_a − T/q²)/(1 − T/q²), T the weights' total (q unweighted); with more
 * than two raters and identity weights it is Randolph's (2005) free-marginal multirater κ.
 */
export function brennanPrediger(coded: CodedRatings, family: WeightFamily = 'identity'): number {
  return rawCoefficient(coded, 'uniform', family);
}

/** Gwet's AC2 (AC1 with agreement weights; Gwet 2014 ch. 3): p_e = T·Σ_k π_k(1 − π_k)/(q(q − 1)). */
export function gwetAc2(coded: CodedRatings, family: WeightFamily): number {
  return rawCoefficient(coded, 'gwet', family);
}

/** Weighted Fleiss' κ (Gwet 2014 ch. 3; irrCAC fleiss.kappa.raw with weights): p_e = Σ_kl w_kl π_k π_l. */
export function weightedFleissKappa(coded: CodedRatings, family: WeightFamily): number {
  return rawCoefficient(coded, 'fleiss', family);
}

/** Weighted percent agreement: the mean over units with m_u ≥ 2 of Σ_k r_uk (r*_uk − 1)/(m_u(m_u − 1)). */
export function weightedPercentAgreement(coded: CodedRatings, family: WeightFamily): number {
  return rawCoefficient(coded, 'none', family);
}
