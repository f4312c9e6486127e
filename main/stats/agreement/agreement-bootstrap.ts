/**
 * The report's bootstrap: items resampled with replacement, drawn in two stages with the same distribution as
 * Multinomial(N, n_p/N) over patterns. Stage 1 draws the profile counts (multinomial.ts) from mulberry32(seed); the
 * exchangeable coefficients are evaluated on them, so a resample costs O(profiles), not O(items) or O(patterns).
 * Stage 2, only for rater-specific coefficients, splits each profile's count among its patterns,
 * Multinomial(count, n_p/n_profile), from a second generator seeded with seed XOR 0x85EBCA6B. Every coefficient of
 * a call is evaluated on the same resampled items, and stage-1 coefficients do not depend on what else is computed.
 */
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';
import { bootstrapSettings, percentileInterval, type BootstrapOptions } from './bootstrap';
import { binomialChain, splitByChain, type BinomialShape } from './binomial';
import { drawMultinomialResample, multinomialPlan } from './multinomial';
import type { Estimator, RatingPatterns } from './patterns';
import type { FigureEvaluator } from './share-figures';
import { ratingProfiles, type RatingProfiles } from './profiles';

/** Builds an estimator for a set of patterns (the table's, or its profiles'). */
export type EstimatorBuilder = (patterns: RatingPatterns) => Estimator;

/** Figures computed together: `build` makes an evaluator that fills out[0 … names.length − 1] from pattern weights. */
export interface FigureSet {
  names: readonly string[];
  build: (patterns: RatingPatterns) => FigureEvaluator;
}

/** A figure set of one estimator. */
export function singleFigure(name: string, builder: EstimatorBuilder): FigureSet {
  return {
    names: [name],
    build: (patterns) => {
      const estimator = builder(patterns);
      return (weights, out) => {
        out[0] = estimator(weights);
      };
    },
  };
}

/** The figures of one bootstrap: exchangeable ones (functions of the profiles) and rater-specific ones. */
export interface BootstrapPlan {
  exchangeable: FigureSet[];
  raterSpecific: FigureSet[];
}

/** Seed offset of the stage-2 generator. */
export const SPLIT_SEED_XOR = 0x85ebca6b;

/** Splits each profile's resampled count among its patterns; returns the generator state after the draws. */
function splitProfiles(
  state: number,
  grouping: RatingProfiles,
  chains: BinomialShape[][],
  profileWeights: Float64Array,
  patternWeights: Float64Array,
): number {
  let s = state;
  for (let j = 0; j < chains.length; j++) {
    s = splitByChain(s, profileWeights[j], chains[j], patternWeights, grouping.members, grouping.start[j]);
  }
  return s;
}

/**
 * Point estimates (on the table's patterns) and percentile intervals of every coefficient of the plan, over
 * `resamples` two-stage resamples; NaN resamples are left out and counted.
 */
export function agreementIntervals(
  patterns: RatingPatterns,
  plan: BootstrapPlan,
  options: BootstrapOptions = {},
): Record<string, BootstrapInterval> {
  const settings = bootstrapSettings(options);
  const { resamples, seed } = settings;
  const grouping = ratingProfiles(patterns);
  const { start, members } = grouping;
  const sets = [...plan.exchangeable, ...plan.raterSpecific];
  const widths = sets.map((set) => set.names.length);
  const firsts = widths.map((_, i) => widths.slice(0, i).reduce((n, w) => n + w, 0));
  const draws = sets.flatMap((set) => set.names.map(() => new Float64Array(resamples)));
  const evaluators = [
    ...plan.exchangeable.map((set) => set.build(grouping.profiles)),
    ...plan.raterSpecific.map((set) => set.build(patterns)),
  ];
  const stage1 = plan.exchangeable.length;
  const out = new Float64Array(Math.max(0, ...widths));
  const profileWeights = new Float64Array(grouping.profiles.counts.length);
  const patternWeights = new Float64Array(patterns.counts.length);
  const profilePlan = multinomialPlan(grouping.profiles.counts);
  const memberChains =
    stage1 === sets.length
      ? []
      : Array.from(profileWeights, (_, j) =>
          binomialChain(Float64Array.from(members.subarray(start[j], start[j + 1]), (p) => patterns.counts[p])),
        );
  let state = seed | 0;
  let splitState = (seed ^ SPLIT_SEED_XOR) | 0;
  for (let b = 0; b < resamples; b++) {
    state = drawMultinomialResample(state, profilePlan, profileWeights);
    if (stage1 < sets.length) {
      splitState = splitProfiles(splitState, grouping, memberChains, profileWeights, patternWeights);
    }
    for (let i = 0; i < sets.length; i++) {
      evaluators[i](i < stage1 ? profileWeights : patternWeights, out);
      for (let e = 0; e < widths[i]; e++) draws[firsts[i] + e][b] = out[e];
    }
  }
  const intervals: Record<string, BootstrapInterval> = {};
  sets.forEach((set, i) => {
    set.build(patterns)(patterns.counts, out);
    set.names.forEach((name, e) => {
      intervals[name] = percentileInterval(draws[firsts[i] + e], out[e], settings);
    });
  });
  return intervals;
}
