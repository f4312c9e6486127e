/** Fleiss' κ for any number of raters (Fleiss 1971), with Gwet's (2014) handling of missing ratings. */
import type { CodedRatings } from './coding';
import { agreementAndShares, patternShares } from './pattern-shares';
import { evaluateOnTable, type Estimator, type RatingPatterns } from './patterns';

/** Estimator of Fleiss' κ = (p_a − p_e) / (1 − p_e) with p_e = Σ_k π_k²; NaN when p_e = 1 or no unit has two ratings. */
export function fleissKappaEstimator(patterns: RatingPatterns): Estimator {
  const shares = patternShares(patterns);
  const pi = new Float64Array(patterns.nCategories);
  return (weights) => fleissFromShares(agreementAndShares(shares, weights, pi), pi);
}

/** Fleiss' κ from p_a and the category shares π. */
export function fleissFromShares(pa: number, pi: Float64Array): number {
  let pe = 0;
  for (let k = 0; k < pi.length; k++) pe += pi[k] * pi[k];
  return pe === 1 ? NaN : (pa - pe) / (1 - pe);
}

/** Fleiss' κ of a coded table. */
export function fleissKappa(coded: CodedRatings): number {
  return evaluateOnTable(coded, fleissKappaEstimator);
}
