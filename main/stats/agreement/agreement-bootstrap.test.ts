import { describe, expect, it } from 'vitest';
import { agreementIntervals, singleFigure } from './agreement-bootstrap';
import { bootstrapIntervals } from './bootstrap';
import { codeRatings } from './coding';
import { cohenKappaEstimator } from './cohen-kappa';
import { fleissKappaEstimator } from './fleiss-kappa';
import { gwetAc1Estimator } from './gwet-ac1';
import { ratingPatterns } from './patterns';
import { ratingProfiles } from './profiles';
import { fromColumns, fromContingency, IRRCAC_CONT4X4_DIAGNOSIS, IRRCAC_RAW_4RATERS } from './reference-data';

const raw4 = ratingPatterns(codeRatings(fromColumns(IRRCAC_RAW_4RATERS)));

describe('rating profiles', () => {
  it('groups patterns with the same category counts, whoever gave them', () => {
    const patterns = ratingPatterns(
      codeRatings(
        fromColumns([
          ['a', 'b', 'a', 'b', null],
          ['b', 'a', 'a', 'b', 'a'],
        ]),
      ),
    );
    const { profiles, start, members } = ratingProfiles(patterns);
    expect(Array.from(profiles.counts)).toEqual([2, 1, 1, 1]);
    // Profile 0 is {a, b}: the patterns (a, b) and (b, a); its row lists the codes in ascending order.
    expect(Array.from(profiles.codes.subarray(0, 2))).toEqual([0, 1]);
    expect(Array.from(members.subarray(start[0], start[1]))).toEqual([0, 1]);
    // {a} alone (one rating, then the missing one last).
    expect(Array.from(profiles.codes.subarray(6, 8))).toEqual([0, -1]);
  });
});

describe('the two-stage bootstrap of the report', () => {
  const plan = {
    exchangeable: [singleFigure('ac1', gwetAc1Estimator), singleFigure('fleiss', fleissKappaEstimator)],
    raterSpecific: [],
  };

  it('is reproducible from the seed, changes with it, and keeps the estimate of the table', () => {
    const a = agreementIntervals(raw4, plan, { resamples: 500, seed: 3 });
    expect(agreementIntervals(raw4, plan, { resamples: 500, seed: 3 })).toEqual(a);
    expect(agreementIntervals(raw4, plan, { resamples: 500, seed: 4 }).ac1.low).not.toBe(a.ac1.low);
    expect(a.ac1.estimate).toBeCloseTo(0.77544, 5);
    expect(a.ac1).toMatchObject({ resamples: 500, seed: 3, confidence: 0.95 });
  });

  it('gives exchangeable figures the same resamples whatever else is computed', () => {
    const alone = agreementIntervals(raw4, plan, { resamples: 300, seed: 9 });
    const withCohen = agreementIntervals(
      raw4,
      { ...plan, raterSpecific: [singleFigure('cohen', (p) => cohenKappaEstimator(p, 'unweighted', 1, 3))] },
      { resamples: 300, seed: 9 },
    );
    expect(withCohen.ac1).toEqual(alone.ac1);
    expect(withCohen.cohen.low).not.toBeNull();
  });

  it('has the distribution of item resampling: its quantiles agree with the one-stage pattern bootstrap', () => {
    // cont4x4diagnosis: 223 items in 16 patterns and 10 profiles; Cohen's κ needs the second stage.
    const patterns = ratingPatterns(codeRatings(fromContingency(IRRCAC_CONT4X4_DIAGNOSIS)));
    const cohen = (p: typeof patterns) => cohenKappaEstimator(p, 'unweighted');
    const twoStage = agreementIntervals(
      patterns,
      { exchangeable: [singleFigure('fleiss', fleissKappaEstimator)], raterSpecific: [singleFigure('cohen', cohen)] },
      { resamples: 20_000, seed: 5 },
    );
    const oneStage = bootstrapIntervals(
      patterns,
      { fleiss: fleissKappaEstimator(patterns), cohen: cohen(patterns) },
      { resamples: 20_000, seed: 6 },
    );
    for (const key of ['fleiss', 'cohen'] as const) {
      expect(twoStage[key].low!).toBeCloseTo(oneStage[key].low!, 2);
      expect(twoStage[key].high!).toBeCloseTo(oneStage[key].high!, 2);
    }
  });
});
