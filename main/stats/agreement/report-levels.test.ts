/** The report at ratio, circular and bipolar levels, and with a chosen weight family (`weights`). */
import { describe, expect, it } from 'vitest';
import { expectRounded } from '../../../test-support/expect-rounded';
import { DomainError } from '../../domain/errors';
import { ALPHA_METRICS } from './alpha-metrics';
import { codeRatings } from './coding';
import { krippendorffAlphaEstimator } from './krippendorff-alpha';
import { mulberry32 } from './prng';
import { ratingPatterns } from './patterns';
import { ratingProfiles } from './profiles';
import { fromColumns, IRRCAC_PORT_RAW4_WEIGHTED, IRRCAC_RAW_4RATERS, KRIPPENDORFF_2011_C } from './reference-data';
import { agreementReport } from './report';

const raw4 = fromColumns(IRRCAC_RAW_4RATERS);

describe('the report at ratio, circular and bipolar levels', () => {
  // α: Krippendorff (2011) section C, ratio 0.797 (the krippendorff package's doctest); circular 0.790, bipolar 0.835
  // and the SEs 0.140, 0.141, 0.128: the irrCAC Python port's test_krippendorff.py (krippen.alpha.raw on
  // cac.raw4raters, the same values with irrCAC's assignment of raters). AC2: the port's test_gwet.py.
  it.each([
    ['ratio', 0.797, 0.14],
    ['circular', 0.79, 0.141],
    ['bipolar', 0.835, 0.128],
  ] as const)('%s: α %d with SE %d and bootstrap intervals; weighted forms with that family', (level, alpha, se) => {
    const report = agreementReport(raw4, { level, resamples: 2000, seed: 3 });
    const c = report.coefficients;
    expect(report.level).toBe(level);
    expectRounded(c.krippendorffAlpha.estimate, alpha, 3);
    expectRounded(c.krippendorffAlpha.analytic!.se, se, 3);
    const ci = c.krippendorffAlpha.bootstrap!;
    expect(ci).toEqual(report.statistics.krippendorffAlpha);
    expect(ci.low!).toBeLessThan(ci.estimate!);
    expect(ci.high!).toBeGreaterThan(ci.estimate!);
    const again = agreementReport(raw4, { level, resamples: 2000, seed: 3 }).coefficients.krippendorffAlpha.bootstrap!;
    expect(again).toEqual(ci);
    const other = agreementReport(raw4, { level, resamples: 2000, seed: 4 }).coefficients.krippendorffAlpha.bootstrap!;
    expect(other.estimate).toBe(ci.estimate);
    expect([other.low, other.high]).not.toEqual([ci.low, ci.high]);
    const pairs = agreementReport(raw4, { level, resamples: 500, pairBootstrap: true }).alphaPairBootstrap!;
    expect(pairs.estimate).toBeCloseTo(ci.estimate!, 12);
    expect(pairs.low!).toBeLessThan(pairs.estimate!);
    const [, , , ac2, , , , seAc2] = IRRCAC_PORT_RAW4_WEIGHTED.find(([family]) => family === level)!;
    expect(c.weighted!.weights).toBe(level);
    expectRounded(c.weighted!.gwetAc2.estimate, ac2, 3);
    expectRounded(c.weighted!.gwetAc2.analytic!.se, seAc2, 3);
  });

  it('evaluates α on profile counts as on the patterns they group, at every metric (the two-stage bootstrap)', () => {
    // Krippendorff (2011) C twice, the second time with the raters in reverse order: profiles of several patterns.
    const columns = KRIPPENDORFF_2011_C.map((column, r) => [...column, ...KRIPPENDORFF_2011_C[3 - r]]);
    const patterns = ratingPatterns(codeRatings(fromColumns(columns)));
    const { profiles, start, members } = ratingProfiles(patterns);
    expect(profiles.counts.length).toBeLessThan(patterns.counts.length);
    const random = mulberry32(11);
    for (const metric of ALPHA_METRICS) {
      const onPatterns = krippendorffAlphaEstimator(patterns, metric, ['1', '2', '3', '4', '5']);
      const onProfiles = krippendorffAlphaEstimator(profiles, metric, ['1', '2', '3', '4', '5']);
      for (let draw = 0; draw < 20; draw++) {
        const w = Float64Array.from(patterns.counts, () => Math.floor((random() / 2 ** 32) * 4));
        const pw = Float64Array.from(profiles.counts, (_, j) =>
          members.subarray(start[j], start[j + 1]).reduce((sum, p) => sum + w[p], 0),
        );
        const a = onPatterns(w);
        if (Number.isNaN(a)) expect(onProfiles(pw)).toBeNaN();
        else expect(onProfiles(pw)).toBeCloseTo(a, 12);
      }
    }
  });

  it('refuses ratio level for a negative or non-numeric label as invalid input, naming the label; takes 0', () => {
    const refusal = (labels: string[]) => {
      try {
        agreementReport(fromColumns([labels, labels.slice().reverse()]), { level: 'ratio', resamples: 10 });
      } catch (err) {
        return err instanceof DomainError ? [err.code, err.message] : ['other', String(err)];
      }
      return null;
    };
    const refused = (label: string) => ['invalid_input', `ratio level needs numeric labels ≥ 0; "${label}" is not one`];
    expect(refusal(['1', '-2', '3'])).toEqual(refused('-2'));
    expect(refusal(['1', 'x', '3'])).toEqual(refused('x'));
    // With a zero: ratio δ²(0, x) = 1 for x > 0, and the ratio weights give it weight 0 with every other value.
    expect(refusal(['0', '1', '3'])).toBeNull();
  });
});

describe('the report with a chosen weight family', () => {
  // The irrCAC Python port's raw tests on cac.raw4raters (reference-data.ts), through the report path.
  it.each(IRRCAC_PORT_RAW4_WEIGHTED)(
    '%s weights: p_a %d, BP %d, AC2 %d, Fleiss %d, Conger %d with their SEs',
    (family, pa, bp, ac2, fleiss, conger, seBp, seAc2, seFleiss, seConger) => {
      const w = agreementReport(raw4, { weights: family, resamples: 0 }).coefficients.weighted!;
      expect(w.weights).toBe(family);
      expectRounded(w.percentAgreement.estimate, pa, 3);
      expectRounded(w.brennanPrediger.estimate, bp, 3);
      expectRounded(w.gwetAc2.estimate, ac2, 3);
      expectRounded(w.fleissKappa.estimate, fleiss, 3);
      expectRounded(w.congerKappa.estimate, conger, 3);
      expectRounded(w.brennanPrediger.analytic!.se, seBp, 3);
      expectRounded(w.gwetAc2.analytic!.se, seAc2, 3);
      expectRounded(w.fleissKappa.analytic!.se, seFleiss, 3);
      expectRounded(w.congerKappa.analytic!.se, seConger, 3);
    },
  );

  it('gives identity weights the unweighted values: AC1 0.77544, SE 0.14295 (irrCAC README, gwet.ac1.raw)', () => {
    const c = agreementReport(raw4, { weights: 'identity', resamples: 200 }).coefficients;
    expect(c.weighted!.weights).toBe('identity');
    expectRounded(c.weighted!.gwetAc2.estimate, 0.77544, 5);
    expectRounded(c.weighted!.gwetAc2.analytic!.se, 0.14295, 5);
    expect(c.weighted!.gwetAc2.bootstrap).toEqual(c.gwetAc1.bootstrap);
  });

  it('keeps α at the level when the weights are another family, and refuses what the labels cannot take', () => {
    const report = agreementReport(raw4, { level: 'ratio', weights: 'quadratic', resamples: 0 });
    expect(report.coefficients.weighted!.weights).toBe('quadratic');
    expectRounded(report.coefficients.krippendorffAlpha.estimate, 0.797, 3);
    const text = fromColumns([['low', 'high', 'mid'], ['mid', 'high', 'low']]);
    expect(() => agreementReport(text, { weights: 'quadratic', resamples: 0 })).toThrow(
      /quadratic weights with non-numeric labels need an explicit category order/,
    );
    const ordered = agreementReport(text, { weights: 'linear', categories: ['low', 'mid', 'high'], resamples: 0 });
    expect(ordered.coefficients.weighted!.weights).toBe('linear');
    const identity = agreementReport(text, { weights: 'identity', resamples: 0 });
    expect(identity.coefficients.weighted!.weights).toBe('identity');
    expect(() => agreementReport(raw4, { weights: 'cubic' as never, resamples: 0 })).toThrow(/weights must be one of/);
  });
});
