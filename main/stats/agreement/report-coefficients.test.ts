import { describe, expect, it } from 'vitest';
import { expectRounded } from '../../../test-support/expect-rounded';
import {
  fromColumns,
  fromContingency,
  IRRCAC_CONT3X3_ABSTRACTORS,
  IRRCAC_CONT4X4_DIAGNOSIS,
  IRRCAC_RAW_4RATERS,
  WIKIPEDIA_COHEN,
} from './reference-data';
import { agreementReport } from './report';
import { codeRatings } from './coding';
import { weightedFleissKappa, weightedPercentAgreement } from './weighted-coefficients';

describe('the report’s coefficients', () => {
  it('reports cac.raw4raters with irrCAC’s values (README): Conger, BP, AC1, α, each with SE and benchmarks', () => {
    const report = agreementReport(fromColumns(IRRCAC_RAW_4RATERS), { resamples: 300, seed: 2 });
    const c = report.coefficients;
    expectRounded(c.congerKappa.estimate, 0.76282, 5);
    expectRounded(c.congerKappa.analytic!.se, 0.14917, 5);
    expect(c.congerKappa.bootstrap).toBeNull(); // four raters: Conger's κ needs every pattern, no bootstrap
    expectRounded(c.brennanPrediger.analytic!.se, 0.14472, 5);
    expectRounded(c.gwetAc1.analytic!.se, 0.14295, 5);
    expectRounded(c.fleissKappa.pe, 0.2387153, 7);
    expectRounded(c.krippendorffAlpha.analytic!.se, 0.14548, 5);
    expectRounded(c.percentAgreement.analytic!.low, 0.542, 3);
    expect(c.gwetAc1.benchmarks!.landisKoch.find((l) => l.cumulativeProbability > 0.95)!.label).toBe('Moderate');
    expect(c.perCategory.map((k) => k.category)).toEqual(['1', '2', '3', '4', '5']);
    expect([c.cohenKappa, c.scottPi, c.weighted, c.pabak]).toEqual([null, null, null, null]);
    expect(report.analytic).toEqual({ method: 'gwet-linearization', confidence: 0.95, population: null });
  });

  it('shares its bootstrap with the statistics: the same intervals for the same coefficients', () => {
    const report = agreementReport(fromContingency(IRRCAC_CONT4X4_DIAGNOSIS), { resamples: 400, seed: 8 });
    const { statistics: s, coefficients: c } = report;
    expect(c.fleissKappa.bootstrap).toEqual(s.fleissKappa);
    expect(c.gwetAc1.bootstrap).toEqual(s.gwetAc1);
    expect(c.cohenKappa!.bootstrap).toEqual(s.cohenKappa);
    expect(c.krippendorffAlpha.bootstrap).toEqual(s.krippendorffAlpha);
  });

  it('adds Cohen, Scott and Conger with bootstrap intervals for two raters (kappa2.table, scott2.table values)', () => {
    const c = agreementReport(fromContingency(IRRCAC_CONT3X3_ABSTRACTORS), { resamples: 300 }).coefficients;
    expectRounded(c.cohenKappa!.analytic!.se, 0.05891072, 8);
    expectRounded(c.scottPi!.estimate, 0.7962397, 7);
    expectRounded(c.scottPi!.analytic!.se, 0.05905473, 8);
    expect(c.congerKappa.estimate).toBeCloseTo(c.cohenKappa!.estimate!, 12);
    for (const k of [c.cohenKappa!, c.scottPi!, c.congerKappa]) {
      expect(k.bootstrap!.low!).toBeLessThanOrEqual(k.estimate!);
      expect(k.bootstrap!.high!).toBeGreaterThanOrEqual(k.estimate!);
    }
  });

  it('adds the weighted forms at the level’s natural weights: ordinal weights, quadratic at interval level', () => {
    const table = fromContingency(IRRCAC_CONT4X4_DIAGNOSIS);
    const ordinal = agreementReport(table, { level: 'ordinal', resamples: 200 }).coefficients.weighted!;
    expect(ordinal.weights).toBe('ordinal');
    // irrCAC port, test_cohen.py / test_gwet.py / test_brennan_prediger.py on cont4x4diagnosis, ordinal weights.
    expectRounded(ordinal.cohenKappa!.estimate, 0.39, 3);
    expectRounded(ordinal.cohenKappa!.analytic!.se, 0.062, 3);
    expectRounded(ordinal.gwetAc2.estimate, 0.324, 3);
    expectRounded(ordinal.gwetAc2.analytic!.se, 0.069, 3);
    expectRounded(ordinal.brennanPrediger.estimate, 0.273, 3);
    const coded = codeRatings(table);
    expect(ordinal.fleissKappa.estimate).toBeCloseTo(weightedFleissKappa(coded, 'ordinal'), 12);
    expect(ordinal.percentAgreement.estimate).toBeCloseTo(weightedPercentAgreement(coded, 'ordinal'), 12);
    const interval = agreementReport(table, { level: 'interval', resamples: 200 }).coefficients.weighted!;
    expect(interval.weights).toBe('quadratic');
    expectRounded(interval.gwetAc2.estimate, 0.299, 3);
    expectRounded(interval.cohenKappa!.analytic!.se, 0.066, 3);
    expect(interval.congerKappa.estimate).toBeCloseTo(interval.cohenKappa!.estimate!, 12);
  });

  it('has no analytic inference for α at ordinal level, but its bootstrap', () => {
    const c = agreementReport(fromColumns(IRRCAC_RAW_4RATERS), { level: 'ordinal', resamples: 200 }).coefficients;
    expect(c.krippendorffAlpha.analytic!.se).toBeNull();
    expectRounded(c.krippendorffAlpha.estimate, 0.815, 3);
    expect(c.krippendorffAlpha.bootstrap!.low).not.toBeNull();
  });

  it('adds PABAK with the prevalence and bias indices for a binary field rated by two raters', () => {
    const c = agreementReport(fromContingency(WIKIPEDIA_COHEN), { resamples: 200 }).coefficients;
    expect(c.pabak).toMatchObject({ positive: '2', n: 50 });
    expect(c.pabak!.pabak.estimate).toBeCloseTo(0.4, 12);
    expect(c.pabak!.prevalenceIndex).toBeCloseTo(-0.1, 12);
    expect(c.pabak!.biasIndex).toBeCloseTo(0.1, 12);
    expect(c.pabak!.pabak.estimate).toBeCloseTo(c.brennanPrediger.estimate!, 12);
  });

  it('applies the finite-population correction and the confidence level to the analytic intervals', () => {
    const table = fromColumns(IRRCAC_RAW_4RATERS);
    const plain = agreementReport(table, { resamples: 0 });
    const corrected = agreementReport(table, { resamples: 0, population: 24, confidence: 0.9 });
    expect(corrected.analytic).toEqual({ method: 'gwet-linearization', confidence: 0.9, population: 24 });
    const se = (r: typeof plain) => r.coefficients.gwetAc1.analytic!.se!;
    expect(se(corrected) ** 2).toBeCloseTo(se(plain) ** 2 * 0.5, 14);
    expect(() => agreementReport(table, { resamples: 0, population: 5 })).toThrow(/population/);
  });
});
