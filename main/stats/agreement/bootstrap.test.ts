import { describe, expect, it } from 'vitest';
import { bootstrapIntervals, bootstrapStatistic } from './bootstrap';
import { codeRatings } from './coding';
import { gwetAc1Estimator } from './gwet-ac1';
import { ratingPatterns } from './patterns';
import { percentAgreementEstimator } from './percent-agreement';
import { fromColumns, fromContingency, KRIPPENDORFF_2011_C } from './reference-data';

describe('percentile bootstrap over items', () => {
  it('matches the normal approximation for a proportion: 1,000 items at 80 % agreement → about 0.8 ± 1.96·0.01265', () => {
    // Two raters agree on 800 of 1,000 items; the bootstrap of p_a is a binomial proportion with SE √(0.8·0.2/1000).
    const coded = codeRatings(fromContingency([[400, 100], [100, 400]]));
    const ci = bootstrapStatistic(coded, percentAgreementEstimator, { resamples: 4000, seed: 11 });
    const half = 1.96 * Math.sqrt((0.8 * 0.2) / 1000);
    expect(ci.estimate).toBeCloseTo(0.8, 12);
    expect(ci.low!).toBeGreaterThan(0.8 - half - 0.004);
    expect(ci.low!).toBeLessThan(0.8 - half + 0.004);
    expect(ci.high!).toBeGreaterThan(0.8 + half - 0.004);
    expect(ci.high!).toBeLessThan(0.8 + half + 0.004);
  });

  it('is reproducible from the seed and changes with it', () => {
    const coded = codeRatings(fromColumns(KRIPPENDORFF_2011_C));
    const a = bootstrapStatistic(coded, gwetAc1Estimator, { resamples: 500, seed: 3 });
    const b = bootstrapStatistic(coded, gwetAc1Estimator, { resamples: 500, seed: 3 });
    const c = bootstrapStatistic(coded, gwetAc1Estimator, { resamples: 500, seed: 4 });
    expect(b).toEqual(a);
    expect(c.low === a.low && c.high === a.high).toBe(false);
    expect(a).toMatchObject({ resamples: 500, seed: 3, confidence: 0.95 });
    expect(a.estimate).toBeCloseTo(0.77544, 5);
    expect(a.low!).toBeLessThanOrEqual(a.estimate!);
    expect(a.high!).toBeGreaterThanOrEqual(a.estimate!);
  });

  it('gives every statistic the same resamples, whatever else is computed', () => {
    const patterns = ratingPatterns(codeRatings(fromColumns(KRIPPENDORFF_2011_C)));
    const alone = bootstrapIntervals(patterns, { ac1: gwetAc1Estimator(patterns) }, { resamples: 300, seed: 9 });
    const together = bootstrapIntervals(patterns, { pa: percentAgreementEstimator(patterns), ac1: gwetAc1Estimator(patterns) }, { resamples: 300, seed: 9 });
    expect(together.ac1).toEqual(alone.ac1);
  });

  it('leaves undefined resamples out and counts them', () => {
    // A statistic defined only when the resample contains the one item of pattern 0 (out of 10 items).
    const coded = codeRatings(fromContingency([[0, 1], [0, 9]]));
    const patterns = ratingPatterns(coded);
    const constant = (w: Float64Array) => (w[0] > 0 ? 1 : NaN);
    const ci = bootstrapIntervals(patterns, { s: constant }, { resamples: 1000, seed: 5 })['s'];
    // P(item missed in a resample of 10) = 0.9¹⁰ ≈ 0.349.
    expect(ci.undefinedResamples).toBeGreaterThan(290);
    expect(ci.undefinedResamples).toBeLessThan(410);
    expect([ci.low, ci.high]).toEqual([1, 1]);
  });

  it('rejects bad options', () => {
    const coded = codeRatings(fromColumns(KRIPPENDORFF_2011_C));
    expect(() => bootstrapStatistic(coded, gwetAc1Estimator, { seed: -1 })).toThrow(/seed/);
    expect(() => bootstrapStatistic(coded, gwetAc1Estimator, { resamples: 1.5 })).toThrow(/resamples/);
    expect(() => bootstrapStatistic(coded, gwetAc1Estimator, { confidence: 1 })).toThrow(/confidence/);
  });
});
