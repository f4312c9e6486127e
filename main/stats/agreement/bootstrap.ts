/** Percentile bootstrap confidence intervals over items (units), resampled with replacement from a seeded PRNG. */
import { ratingPatterns, type Estimator, type RatingPatterns } from './patterns';
import type { CodedRatings } from './coding';
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';
import { drawMultinomialResample, multinomialPlan } from './multinomial';
import { quantileBySelection } from './select-quantile';

/** Default number of bootstrap resamples. */
export const DEFAULT_RESAMPLES = 10_000;

/** Default PRNG seed, so that a report without an explicit seed is still reproducible. */
export const DEFAULT_SEED = 1;

/** Default confidence level of the intervals. */
export const DEFAULT_CONFIDENCE = 0.95;

/** How to resample: count, seed, confidence level. */
export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
  confidence?: number;
}

/** A point estimate with its percentile bootstrap interval (defined with the report shapes in shared/). */
export type { BootstrapInterval };

/**
 * Point estimates and percentile intervals for several estimators that share the same resamples. Each resample is N
 * items drawn with replacement (N = items with at least one label), drawn as its pattern counts ~ Multinomial(N, n_p/N)
 * from mulberry32(seed) by Poisson splitting (see multinomial.ts), resample 1 first, then 2 ….
 */
export function bootstrapIntervals<K extends string>(
  patterns: RatingPatterns,
  estimators: Record<K, Estimator>,
  options: BootstrapOptions = {},
): Record<K, BootstrapInterval> {
  const { resamples, seed, confidence } = bootstrapSettings(options);
  const names = Object.keys(estimators) as K[];
  const fns = names.map((k) => estimators[k]);
  const counts = new Float64Array(patterns.counts.length);
  for (const p of patterns.patternOfItem) if (p >= 0) counts[p]++;
  const draws = names.map(() => new Float64Array(resamples));
  const weights = new Float64Array(patterns.counts.length);
  const plan = multinomialPlan(counts);
  let state = seed | 0;
  for (let b = 0; b < resamples; b++) {
    state = drawMultinomialResample(state, plan, weights);
    for (let s = 0; s < fns.length; s++) draws[s][b] = fns[s](weights);
  }

  const out = {} as Record<K, BootstrapInterval>;
  names.forEach((name, s) => {
    out[name] = percentileInterval(draws[s], fns[s](patterns.counts), { resamples, seed, confidence });
  });
  return out;
}

/** The options with their defaults, checked: a whole number of resamples, a 32-bit seed, 0 < confidence < 1. */
export function bootstrapSettings(options: BootstrapOptions): Required<BootstrapOptions> {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  if (!Number.isInteger(resamples) || resamples < 0)
    throw new Error(`resamples must be a whole number ≥ 0, got ${resamples}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new Error(`seed must be an integer in 0 .. 2^32 − 1, got ${seed}`);
  if (!(confidence > 0 && confidence < 1))
    throw new Error(`confidence must lie strictly between 0 and 1, got ${confidence}`);
  return { resamples, seed, confidence };
}

/** The percentile interval of a statistic's resampled values (NaN draws left out and counted) around its estimate. */
export function percentileInterval(
  draws: Float64Array,
  estimate: number,
  settings: Required<BootstrapOptions>,
): BootstrapInterval {
  const valid = draws.filter((x) => !Number.isNaN(x));
  return {
    estimate: finiteOrNull(estimate),
    low: finiteOrNull(quantileBySelection(valid, valid.length, (1 - settings.confidence) / 2)),
    high: finiteOrNull(quantileBySelection(valid, valid.length, (1 + settings.confidence) / 2)),
    resamples: settings.resamples,
    undefinedResamples: settings.resamples - valid.length,
    seed: settings.seed,
    confidence: settings.confidence,
  };
}

/** Bootstrap interval of one statistic of a coded table. */
export function bootstrapStatistic(
  coded: CodedRatings,
  build: (patterns: RatingPatterns) => Estimator,
  options: BootstrapOptions = {},
): BootstrapInterval {
  const patterns = ratingPatterns(coded);
  return bootstrapIntervals(patterns, { statistic: build(patterns) }, options).statistic;
}

function finiteOrNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
