/**
 * The plan's faster binomial draws (memoized P(mode), division-free walk) against the exact inversion they replace:
 * the same outcome for every u, the same resamples, and the same report, to the last bit.
 */
import { describe, expect, it } from 'vitest';
import { agreementIntervals, SPLIT_SEED_XOR } from './agreement-bootstrap';
import { bootstrapSettings, percentileInterval } from './bootstrap';
import { codeRatings } from './coding';
import {
  binomialByInversion,
  binomialMode,
  binomialShape,
  drawMultinomialResample,
  modeProbability,
  multinomialPlan,
  planDraw,
  type MultinomialPlan,
} from './multinomial';
import { ratingPatterns } from './patterns';
import { GOLDEN, mix32 } from './prng';
import { ratingProfiles } from './profiles';
import type { RatingsTable } from './ratings';
import { reportPlan } from './report-coefficients';

/** The resample as drawn before: binomialByInversion for each pattern but the last, which takes the rest. */
function formerResample(state: number, plan: MultinomialPlan, weights: Float64Array): number {
  let left = plan.total;
  let s = state;
  const last = plan.shapes.length - 1;
  for (let p = 0; p <= last; p++) {
    if (p === last || left === 0) {
      weights[p] = left;
      left = 0;
      continue;
    }
    s = (s + GOLDEN) | 0;
    weights[p] = binomialByInversion(left, plan.shapes[p], mix32(s) / 4294967296);
    left -= weights[p];
  }
  return s;
}

/**
 * The u at which the exact walk of Binomial(n, p) moves from one outcome to the next, as it sums them: P(mode), then
 * + P(mode + 1), + P(mode − 1), … by the exact walk's own products (the boundaries are where rounding could differ).
 */
function boundaries(n: number, p: number): number[] {
  const shape = binomialShape(p);
  const mode = binomialMode(n, shape);
  let pHi = modeProbability(n, mode, shape);
  let pLo = pHi;
  let sum = pHi;
  const out = [sum];
  // Up to where the outcomes left are too unlikely to matter (their probabilities under 1e−17).
  for (let lo = mode, hi = mode; (lo > 0 && pLo > 1e-17) || (hi < n && pHi > 1e-17);) {
    if (hi < n) {
      pHi *= ((n - hi) / (hi + 1)) * shape.odds;
      hi++;
      out.push((sum += pHi));
    }
    if (lo > 0) {
      pLo *= lo / (n - lo + 1) / shape.odds;
      lo--;
      out.push((sum += pLo));
    }
  }
  return out;
}

/** The bench's kind of table: a true category per item given by each rater with probability 0.7, 3% missing. */
function table(items: number, raters: number, seed: number): RatingsTable {
  let s = seed;
  const rand = () => mix32((s = (s + GOLDEN) | 0)) / 4294967296;
  const categories = ['1', '2', '3', '4', '5', '6'];
  const draw = () => categories[Math.min(5, Math.floor(Math.pow(rand(), 1.6) * 6))];
  const labels = Array.from({ length: items }, () => {
    const truth = draw();
    return Array.from({ length: raters }, () => (rand() < 0.03 ? null : rand() < 0.7 ? truth : draw()));
  });
  return { items: labels.map((_, i) => `u${i}`), raters: labels[0].map((_, r) => `r${r}`), labels };
}

describe('plan draws', () => {
  it('give binomialByInversion’s outcome for u on, just below and just above every boundary', () => {
    let checked = 0;
    const differing: string[] = [];
    for (const [n, p] of [
      [1, 0.5],
      [7, 0.3],
      [57, 0.02],
      [400, 0.5],
      [3000, 0.93],
      [10_000, 0.137],
      [10_000, 0.0003],
    ] as const) {
      // Counts of n in all, so that the plan keeps P(mode) for this n (its first pattern's n is always the total).
      const plan = multinomialPlan(Float64Array.from([Math.round(p * n), n - Math.round(p * n)]));
      const shape = plan.shapes[0];
      expect(plan.total).toBe(n);
      for (const b of boundaries(n, shape.p)) {
        for (const u of [b - 2e-16, b - 1e-16, b, b + 1e-16, b + 2e-16, b - 1e-12, b + 1e-12]) {
          if (!(u >= 0 && u < 1)) continue;
          const [fast, exact] = [planDraw(plan, 0, n, u), binomialByInversion(n, shape, u)];
          if (fast !== exact) differing.push(`n ${n}, p ${shape.p}, u ${u}: ${fast} vs ${exact}`);
          checked++;
        }
      }
    }
    expect(differing).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('draw the same multinomial resamples, state for state, as the former draw', () => {
    const counts = Float64Array.from([931, 346, 1, 1, 2, 40, 5, 3000, 7, 1, 250, 12, 0, 9]);
    const plan = multinomialPlan(counts);
    const [a, b] = [new Float64Array(counts.length), new Float64Array(counts.length)];
    let [s1, s2] = [3, 3];
    for (let r = 0; r < 3000; r++) {
      s1 = drawMultinomialResample(s1, plan, a);
      s2 = formerResample(s2, multinomialPlan(counts), b);
      expect(s1).toBe(s2);
      expect(a).toEqual(b);
    }
  });

  it.each([
    ['5 raters (profile draws only)', 3000, 5],
    ['2 raters (profiles split among patterns)', 3000, 2],
  ])('leave every estimate and interval of the report bit-identical, %s', (_, items, raters) => {
    const coded = codeRatings(table(items, raters, 16));
    const patterns = ratingPatterns(coded);
    const plan = reportPlan(coded, 'ordinal');
    const options = { resamples: 2000, seed: 1, confidence: 0.95 };
    const now = agreementIntervals(patterns, plan, options);
    // The former bootstrap restated: stage 1 over profiles, stage 2 splitting each profile among its patterns.
    const grouping = ratingProfiles(patterns);
    const { start, members } = grouping;
    const sets = [...plan.exchangeable, ...plan.raterSpecific];
    const evaluators = [
      ...plan.exchangeable.map((set) => set.build(grouping.profiles)),
      ...plan.raterSpecific.map((set) => set.build(patterns)),
    ];
    const draws = sets.map((set) => set.names.map(() => new Float64Array(options.resamples)));
    const profileWeights = new Float64Array(grouping.profiles.counts.length);
    const patternWeights = new Float64Array(patterns.counts.length);
    const profilePlan = multinomialPlan(grouping.profiles.counts);
    const memberPlans = Array.from(profileWeights, (_, j) =>
      multinomialPlan(Float64Array.from(members.subarray(start[j], start[j + 1]), (p) => patterns.counts[p])),
    );
    const out = new Float64Array(64);
    let state = options.seed;
    let split = options.seed ^ SPLIT_SEED_XOR;
    for (let r = 0; r < options.resamples; r++) {
      state = formerResample(state, profilePlan, profileWeights);
      if (plan.raterSpecific.length > 0) {
        const part = new Float64Array(patterns.counts.length);
        for (let j = 0; j < memberPlans.length; j++) {
          const plan = memberPlans[j];
          const within = { ...plan, total: profileWeights[j] };
          split = formerResample(split, within, part.subarray(0, plan.shapes.length));
          members.subarray(start[j], start[j + 1]).forEach((p, e) => (patternWeights[p] = part[e]));
        }
      }
      sets.forEach((set, i) => {
        evaluators[i](i < plan.exchangeable.length ? profileWeights : patternWeights, out);
        set.names.forEach((_, e) => (draws[i][e][r] = out[e]));
      });
    }
    const settings = bootstrapSettings(options);
    let compared = 0;
    sets.forEach((set, i) => {
      set.build(patterns)(patterns.counts, out);
      set.names.forEach((name, e) => {
        const former = percentileInterval(draws[i][e], out[e], settings);
        for (const key of ['estimate', 'low', 'high', 'undefinedResamples'] as const) {
          expect(Object.is(now[name][key], former[key]), `${name}.${key}`).toBe(true);
        }
        compared++;
      });
    });
    expect(compared).toBe(Object.keys(now).length);
    expect(compared).toBeGreaterThan(raters === 2 ? 20 : 14);
  });
});
