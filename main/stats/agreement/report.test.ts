import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { cohenKappa } from './cohen-kappa';
import { fleissKappa } from './fleiss-kappa';
import { gwetAc1 } from './gwet-ac1';
import { krippendorffAlpha } from './krippendorff-alpha';
import { percentAgreement } from './percent-agreement';
import { fromColumns, fromContingency, IRRCAC_CONT4X4_DIAGNOSIS, KRIPPENDORFF_2011_C } from './reference-data';
import { agreementReport } from './report';

describe('agreementReport', () => {
  it('reports the Krippendorff (2011) data at interval level with published values and counts', () => {
    const report = agreementReport(fromColumns(KRIPPENDORFF_2011_C), { level: 'interval', resamples: 200, seed: 7 });
    expect(report).toMatchObject({
      level: 'interval',
      nItems: 12,
      nRatedItems: 12,
      nPairableItems: 11,
      nRaters: 4,
      nRatings: 41,
      categories: ['1', '2', '3', '4', '5'],
      bootstrap: { method: 'percentile', unit: 'item', prng: 'mulberry32', resamples: 200, seed: 7, confidence: 0.95 },
      confusionMatrix: null,
    });
    const s = report.statistics;
    expect(s.krippendorffAlpha.estimate).toBeCloseTo(0.849, 3);
    expect(s.gwetAc1.estimate).toBeCloseTo(0.77544, 5);
    expect(s.fleissKappa.estimate).toBeCloseTo(0.76117, 5);
    expect(s.percentAgreement.estimate).toBeCloseTo(0.8181818, 7);
    expect([s.cohenKappa, s.cohenKappaLinear, s.cohenKappaQuadratic]).toEqual([null, null, null]);
    for (const ci of [s.krippendorffAlpha, s.gwetAc1, s.fleissKappa, s.percentAgreement]) {
      expect(ci).toMatchObject({ resamples: 200, seed: 7 });
      expect(ci.low!).toBeLessThanOrEqual(ci.estimate!);
      expect(ci.high!).toBeGreaterThanOrEqual(ci.estimate!);
    }
  });

  it('adds Cohen, weighted Cohen and the confusion matrix for two raters at ordinal level', () => {
    const table = fromContingency(IRRCAC_CONT4X4_DIAGNOSIS);
    const report = agreementReport(table, { level: 'ordinal', resamples: 100 });
    const coded = codeRatings(table);
    const s = report.statistics;
    expect(s.cohenKappa!.estimate).toBe(cohenKappa(coded));
    expect(s.cohenKappaLinear!.estimate).toBe(cohenKappa(coded, 'linear'));
    expect(s.cohenKappaQuadratic!.estimate).toBe(cohenKappa(coded, 'quadratic'));
    expect(s.krippendorffAlpha.estimate).toBe(krippendorffAlpha(coded, 'ordinal'));
    expect(s.fleissKappa.estimate).toBe(fleissKappa(coded));
    expect(s.gwetAc1.estimate).toBe(gwetAc1(coded));
    expect(s.percentAgreement.estimate).toBe(percentAgreement(coded));
    expect(report.confusionMatrix!.counts).toEqual(IRRCAC_CONT4X4_DIAGNOSIS);
    expect(report.bootstrap.seed).toBe(1);
  });

  it('leaves weighted κ out at nominal level', () => {
    const report = agreementReport(fromContingency(IRRCAC_CONT4X4_DIAGNOSIS), { resamples: 10 });
    expect(report.statistics.cohenKappa).not.toBeNull();
    expect(report.statistics.cohenKappaLinear).toBeNull();
  });

  it('is plain JSON: it survives a JSON round trip unchanged, undefined values as null', () => {
    const report = agreementReport(fromColumns([['a', 'a', 'a'], ['a', 'a', 'a']]), { resamples: 50 });
    expect(report.statistics.krippendorffAlpha.estimate).toBeNull();
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('needs an explicit order for ordinal text labels, and two raters', () => {
    const table = fromColumns([['low', 'high'], ['mid', 'high']]);
    expect(() => agreementReport(table, { level: 'ordinal', resamples: 10 })).toThrow(/explicit category order/);
    const ordered = agreementReport(table, { level: 'ordinal', categories: ['low', 'mid', 'high'], resamples: 10 });
    expect(ordered.categories).toEqual(['low', 'mid', 'high']);
    expect(() => agreementReport(fromColumns([['a', 'b']]), { resamples: 10 })).toThrow(/at least 2 raters/);
  });

  // Its speed (target < 1 s) is measured by `npm run bench -- agreement`, not asserted here.
  it('runs every statistic with 10,000 resamples over 1,000 items and 2 raters', () => {
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 1000; i++) {
      a.push(String(i % 5));
      b.push(String((i * 7) % 11 < 8 ? i % 5 : (i + 1) % 5));
    }
    const report = agreementReport(fromColumns([a, b]), { level: 'ordinal', resamples: 10_000 });
    const k = report.statistics.cohenKappaQuadratic!;
    expect(k.low).not.toBeNull();
    expect(k.low!).toBeLessThanOrEqual(k.estimate!);
    expect(k.high!).toBeGreaterThanOrEqual(k.estimate!);
    expect(report.bootstrap.resamples).toBe(10_000);
  });
});
