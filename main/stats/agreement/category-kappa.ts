/**
 * Fleiss' (1971) per-category κ: the agreement on category j against all others, i.e. Fleiss' κ of the ratings
 * collapsed to "j" and "not j". With m raters per unit it is κ_j = 1 − Σ_u x_uj(m − x_uj) / (N m(m − 1) p_j(1 − p_j));
 * with missing ratings it follows Gwet's (2014) convention as Fleiss' κ does here.
 */
import type { CodedRatings } from './coding';
import { MISSING } from './coding';
import { evaluateOnTable, type Estimator, type RatingPatterns } from './patterns';
import { rawCoefficientEstimator } from './raw-coefficients';
import { agreementWeights } from './weights';

/** The patterns with every rating recoded to 0 (category j) or 1 (any other); missing ratings stay missing. */
export function dichotomize(patterns: RatingPatterns, category: number): RatingPatterns {
  const codes = patterns.codes.map((c) => (c === MISSING ? MISSING : c === category ? 0 : 1));
  return { ...patterns, nCategories: 2, codes };
}

/** The 2 × 2 identity weights of the collapsed ratings. */
export const BINARY_IDENTITY = agreementWeights('identity', ['j', 'other']);

/** Estimator of Fleiss' κ of category j (by index) against all others. */
export function categoryKappaEstimator(patterns: RatingPatterns, category: number): Estimator {
  return rawCoefficientEstimator('fleiss', dichotomize(patterns, category), BINARY_IDENTITY);
}

/** Fleiss' per-category κ of every category, in category order (NaN for a category nobody or everybody used). */
export function fleissCategoryKappas(coded: CodedRatings): number[] {
  return coded.categories.map((_, j) => evaluateOnTable(coded, (p) => categoryKappaEstimator(p, j)));
}
