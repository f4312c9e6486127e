import { describe, expect, it } from 'vitest';
import type { AgreementReport, Coefficient } from '../../../shared/types/agreement-report';
import { coefficientRows, DEFAULT_ROWS, defaultRows, retainedLevel } from './coefficient-rows';

const interval = (estimate: number) => ({
  estimate,
  low: estimate - 0.1,
  high: estimate + 0.1,
  resamples: 100,
  undefinedResamples: 0,
  seed: 1,
  confidence: 0.95,
});
const coefficient = (estimate: number, bootstrap = true): Coefficient => ({
  estimate,
  pa: 0.8,
  pe: 0.3,
  analytic: { se: 0.05, low: estimate - 0.1, high: estimate + 0.1, p: 0.001, df: 9 },
  bootstrap: bootstrap ? interval(estimate) : null,
  benchmarks: {
    landisKoch: [{ label: 'Substantial', low: 0.6, high: 0.8, cumulativeProbability: estimate }],
    fleiss: [],
    altman: [],
  },
});

/** A two-rater ordinal report with two categories, or a nominal one without the two-rater parts. */
function report(ordinal: boolean): AgreementReport {
  const twoRaters = ordinal;
  return {
    level: ordinal ? 'ordinal' : 'nominal',
    nItems: 10,
    nRatedItems: 10,
    nPairableItems: 10,
    nRaters: twoRaters ? 2 : 3,
    raters: twoRaters ? ['A', 'B'] : ['A', 'B', 'C'],
    nRatings: 20,
    categories: ['no', 'yes'],
    bootstrap: { method: 'percentile', unit: 'item', prng: 'mulberry32', resamples: 100, seed: 1, confidence: 0.95 },
    statistics: {
      percentAgreement: interval(0.8),
      fleissKappa: interval(0.6),
      gwetAc1: interval(0.7),
      krippendorffAlpha: interval(0.6),
      cohenKappa: twoRaters ? interval(0.6) : null,
      cohenKappaLinear: ordinal ? interval(0.6) : null,
      cohenKappaQuadratic: ordinal ? interval(0.6) : null,
    },
    confusionMatrix: null,
    coefficients: {
      percentAgreement: coefficient(0.8),
      brennanPrediger: coefficient(0.6),
      fleissKappa: coefficient(0.6),
      congerKappa: coefficient(0.6, twoRaters),
      gwetAc1: coefficient(0.7),
      krippendorffAlpha: coefficient(0.6),
      cohenKappa: twoRaters ? coefficient(0.6) : null,
      scottPi: twoRaters ? coefficient(0.6) : null,
      perCategory: [
        { category: 'no', kappa: coefficient(0.6) },
        { category: 'yes', kappa: coefficient(0.6) },
      ],
      weighted: ordinal
        ? {
            weights: 'ordinal',
            percentAgreement: coefficient(0.9),
            brennanPrediger: coefficient(0.8),
            fleissKappa: coefficient(0.7),
            congerKappa: coefficient(0.7),
            gwetAc2: coefficient(0.8),
            cohenKappa: coefficient(0.7),
          }
        : null,
      pabak: twoRaters ? { positive: 'yes', pabak: coefficient(0.6), prevalenceIndex: 0.1, biasIndex: 0, n: 10 } : null,
    },
    analytic: { method: 'gwet-linearization', confidence: 0.95, population: null },
  };
}

describe('coefficient rows of the agreement table', () => {
  it('lists every coefficient of the report, with the former statistics among them', () => {
    const rows = coefficientRows(report(true));
    const keys = rows.map((r) => r.key);
    for (const key of DEFAULT_ROWS) expect(keys).toContain(key);
    expect(keys).toEqual(expect.arrayContaining(['brennanPrediger', 'scottPi', 'congerKappa', 'weighted.gwetAc2']));
    expect(keys.slice(-3)).toEqual(['pabak', 'category:no', 'category:yes']);
    expect(rows.find((r) => r.key === 'weighted.gwetAc2')!.label).toBe("Gwet's AC2, ordinal weights");
    expect(rows.find((r) => r.key === 'pabak')!.label).toBe('PABAK (positive: yes)');
    expect(rows.find((r) => r.key === 'cohenKappaLinear')!.analytic).toBeNull();
    expect(rows.find((r) => r.key === 'cohenKappa')!.analytic!.se).toBe(0.05);
  });

  it('leaves out what the report does not have, and keeps a coefficient without bootstrap', () => {
    const rows = coefficientRows(report(false));
    const keys = rows.map((r) => r.key);
    expect(keys.some((k) => k.startsWith('weighted.'))).toBe(false);
    expect(keys).not.toContain('pabak');
    expect(keys).not.toContain('cohenKappa');
    expect(rows.find((r) => r.key === 'congerKappa')!.bootstrap).toBeNull();
  });

  it('shows the weighted forms by default whenever the level or the chosen weights give them', () => {
    const weighted = defaultRows(report(true)).filter((k) => k.startsWith('weighted.'));
    expect(weighted).toEqual([
      'weighted.percentAgreement', 'weighted.brennanPrediger', 'weighted.cohenKappa',
      'weighted.fleissKappa', 'weighted.congerKappa', 'weighted.gwetAc2',
    ]);
    expect(defaultRows(report(true)).slice(0, DEFAULT_ROWS.length)).toEqual(DEFAULT_ROWS);
    expect(defaultRows(report(false))).toEqual(DEFAULT_ROWS);
  });

  it('retains the first level from the best down whose cumulative probability exceeds 0.95 (Gwet 2014, ch. 6)', () => {
    const scale = (...p: number[]) =>
      ['Almost Perfect', 'Substantial', 'Moderate', 'Fair', 'Slight', 'Poor'].map((label, i) => ({
        label,
        low: 0,
        high: 1,
        cumulativeProbability: p[i],
      }));
    expect(retainedLevel(scale(0.1, 0.62, 0.96, 1, 1, 1))?.label).toBe('Moderate');
    expect(retainedLevel(scale(0.1, 0.95, 0.99, 1, 1, 1))?.label).toBe('Moderate'); // 0.95 itself does not exceed
    expect(retainedLevel(scale(0.97, 1, 1, 1, 1, 1))?.label).toBe('Almost Perfect');
    expect(retainedLevel(scale(0.1, 0.2, 0.3, 0.4, 0.5, 0.6))).toBeNull();
  });

  it('carries each coefficient’s benchmark memberships to its row; the ranks-weighted κ intervals have none', () => {
    const rows = coefficientRows(report(true));
    const kappa = rows.find((r) => r.key === 'cohenKappa')!.benchmarks;
    expect(kappa).toEqual(report(true).coefficients.cohenKappa!.benchmarks);
    expect(kappa?.landisKoch[0].cumulativeProbability).toBe(report(true).coefficients.cohenKappa!.estimate);
    expect(rows.find((r) => r.key === 'cohenKappaLinear')!.benchmarks).toBeNull();
  });
});
