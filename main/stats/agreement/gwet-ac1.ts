/** Gwet's AC1 (Gwet 2008; Handbook of Inter-Rater Reliability, 2014) for two or more raters, with missing ratings. */
import type { CodedRatings } from './coding';
import { agreementAndShares, patternShares } from './pattern-shares';
import { evaluateOnTable, type Estimator, type RatingPatterns } from './patterns';

/** Estimator of AC1 = (p_a − p_e) / (1 − p_e), p_e = Σ_k π_k(1 − π_k) / (q − 1) ≤ 1/q, q the size of the category list (NaN if q < 2). */
export function gwetAc1Estimator(patterns: RatingPatterns): Estimator {
  const shares = patternShares(patterns);
  const pi = new Float64Array(patterns.nCategories);
  return (weights) => ac1FromShares(agreementAndShares(shares, weights, pi), pi);
}

/** AC1 from p_a and the category shares π (q = their number). */
export function ac1FromShares(pa: number, pi: Float64Array): number {
  const q = pi.length;
  if (q < 2) return NaN;
  let pe = 0;
  for (let k = 0; k < q; k++) pe += pi[k] * (1 - pi[k]);
  pe /= q - 1;
  return (pa - pe) / (1 - pe);
}

/** Gwet's AC1 of a coded table; with two raters and no missing labels it is the two-rater AC1 with π_k = (p_A,k + p_B,k) / 2. */
export function gwetAc1(coded: CodedRatings): number {
  return evaluateOnTable(coded, gwetAc1Estimator);
}
