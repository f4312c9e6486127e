/**
 * Analytic inference of every coefficient as plain functions of a coded table: the estimate with p_a, p_e, Gwet's
 * standard error, t interval, one-sided p-value and benchmark membership probabilities, as irrCAC reports them.
 */
import type { AlphaMetric } from './alpha-metrics';
import { populationCorrection, tInference, type AnalyticInference, type AnalyticOptions } from './analytic';
import type { VarianceEstimate } from './analytic';
import { benchmarkMemberships, type BenchmarkMemberships } from './benchmark-scales';
import { BINARY_IDENTITY, dichotomize } from './category-kappa';
import type { CodedRatings } from './coding';
import { congerVariance } from './conger-variance';
import { krippendorffAlpha } from './krippendorff-alpha';
import { krippendorffVariance, metricWeights } from './krippendorff-variance';
import { ratingPatterns, type RatingPatterns } from './patterns';
import type { ChanceModel } from './raw-coefficients';
import { rawCoefficientVariance } from './raw-variance';
import type { TableModel } from './two-rater-table';
import { tableVariance } from './two-rater-variance';
import { agreementWeights, type WeightFamily } from './weights';

/** A coefficient with its analytic inference and benchmark memberships. */
export interface AnalyticCoefficient {
  estimate: number | null;
  pa: number | null;
  pe: number | null;
  analytic: AnalyticInference;
  benchmarks: BenchmarkMemberships | null;
}

function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/**
 * Wraps a variance estimate: the variance times 1 − units/N (`units` the units rated, as irrCAC's n), t on
 * units − 1 degrees of freedom.
 */
export function fromVariance(v: VarianceEstimate, units: number, options: AnalyticOptions = {}): AnalyticCoefficient {
  const variance = v.variance * populationCorrection(units, options.population);
  const analytic = tInference(v.estimate, variance, units - 1, options.confidence);
  return {
    estimate: finite(v.estimate),
    pa: finite(v.pa),
    pe: finite(v.pe),
    analytic,
    benchmarks: benchmarkMemberships(finite(v.estimate), analytic.se),
  };
}

/** Units with at least one rating. */
export function ratedUnits(patterns: RatingPatterns): number {
  return patterns.counts.reduce((s, c) => s + c, 0);
}

/** Percent agreement, Brennan–Prediger, AC1/AC2 or Fleiss' κ (by chance model) with irrCAC's raw-ratings variance. */
export function rawInference(
  coded: CodedRatings,
  model: ChanceModel,
  family: WeightFamily = 'identity',
  options: AnalyticOptions = {},
): AnalyticCoefficient {
  const patterns = ratingPatterns(coded);
  const v = rawCoefficientVariance(model, patterns, agreementWeights(family, coded.categories));
  return fromVariance(v, v.n, options);
}

/** Conger's κ with irrCAC's conger.kappa.raw variance. */
export function congerInference(
  coded: CodedRatings,
  family: WeightFamily = 'identity',
  options: AnalyticOptions = {},
): AnalyticCoefficient {
  const v = congerVariance(ratingPatterns(coded), agreementWeights(family, coded.categories));
  return fromVariance(v, v.n, options);
}

/**
 * Krippendorff's α with irrCAC's krippen.alpha.raw variance (t on the units rated minus 1); at ordinal level, whose
 * differences depend on the data, the estimate comes without analytic inference.
 */
export function alphaInference(
  coded: CodedRatings,
  metric: AlphaMetric,
  options: AnalyticOptions = {},
): AnalyticCoefficient {
  const patterns = ratingPatterns(coded);
  const weights = metricWeights(metric, coded.categories);
  if (weights === null) {
    const estimate = finite(krippendorffAlpha(coded, metric));
    const none = { se: null, low: null, high: null, p: null, df: ratedUnits(patterns) - 1 };
    return { estimate, pa: null, pe: null, analytic: none, benchmarks: null };
  }
  return fromVariance(krippendorffVariance(patterns, weights), ratedUnits(patterns), options);
}

/** Cohen's κ, Scott's π or Brennan–Prediger of two raters over the items both labelled (irrCAC's *2.table). */
export function tableInference(
  coded: CodedRatings,
  model: TableModel,
  family: WeightFamily = 'identity',
  options: AnalyticOptions = {},
  raterA = 0,
  raterB = 1,
): AnalyticCoefficient {
  const v = tableVariance(model, ratingPatterns(coded), agreementWeights(family, coded.categories), raterA, raterB);
  return fromVariance(v, v.n, options);
}

/** Fleiss' κ of one category (by index) against the others, with the Fleiss variance of the collapsed ratings. */
export function categoryKappaInference(
  coded: CodedRatings,
  category: number,
  options: AnalyticOptions = {},
): AnalyticCoefficient {
  const v = rawCoefficientVariance('fleiss', dichotomize(ratingPatterns(coded), category), BINARY_IDENTITY);
  return fromVariance(v, v.n, options);
}
