/** Percent agreement: the share of agreeing rater pairs within a unit, averaged over units with at least two ratings. */
import type { CodedRatings } from './coding';
import { agreementAndShares, patternShares } from './pattern-shares';
import { evaluateOnTable, type Estimator, type RatingPatterns } from './patterns';

/** Estimator of percent agreement p_a = mean over units with m_u ≥ 2 of Σ_k r_uk(r_uk − 1) / (m_u(m_u − 1)). */
export function percentAgreementEstimator(patterns: RatingPatterns): Estimator {
  const shares = patternShares(patterns);
  const pi = new Float64Array(patterns.nCategories);
  return (weights) => agreementAndShares(shares, weights, pi);
}

/** Percent agreement of a coded table; with two raters, the share of units both labelled on which they agree. */
export function percentAgreement(coded: CodedRatings): number {
  return evaluateOnTable(coded, percentAgreementEstimator);
}
