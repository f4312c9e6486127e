import { describe, expect, it } from 'vitest';
import { expectRounded } from '../../../test-support/expect-rounded';
import { codeRatings } from './coding';
import { alphaInference, categoryKappaInference, congerInference, rawInference, tableInference } from './inference';
import {
  fromColumns,
  fromContingency,
  fromDistribution,
  IRRCAC_BEN_GERRY,
  IRRCAC_CONT3X3_ABSTRACTORS,
  IRRCAC_CONT4X4_DIAGNOSIS,
  IRRCAC_DISTRIB_6RATERS,
  IRRCAC_PORT_RAW4_WEIGHTED,
  IRRCAC_RAW_4RATERS,
  IRRCAC_RAW_5OBSERVERS,
  IRRCAC_RAW_G1G2,
  IRRCAC_RAW_GENDER,
} from './reference-data';
import type { WeightFamily } from './weights';

const raw4 = codeRatings(fromColumns(IRRCAC_RAW_4RATERS));
const dist6 = codeRatings(fromDistribution(IRRCAC_DISTRIB_6RATERS));
const cont3 = codeRatings(fromContingency(IRRCAC_CONT3X3_ABSTRACTORS));
const cont4 = codeRatings(fromContingency(IRRCAC_CONT4X4_DIAGNOSIS));

describe('analytic inference against the irrCAC README (R, cac.raw4raters)', () => {
  it.each([
    // coefficient, estimate, p_e, SE, CI low, p-value (one-sided); every upper bound is capped at 1
    ['pa.coeff.raw', () => rawInference(raw4, 'none'), 0.8181818, 0, 0.12561, 0.542, 2.172686e-5],
    ['gwet.ac1.raw', () => rawInference(raw4, 'gwet'), 0.77544, 0.1903212, 0.14295, 0.461, 1.043605e-4],
    ['fleiss.kappa.raw', () => rawInference(raw4, 'fleiss'), 0.76117, 0.2387153, 0.15302, 0.424, 2.095865e-4],
    ['bp.coeff.raw', () => rawInference(raw4, 'uniform'), 0.77273, 0.2, 0.14472, 0.454, 1.187804e-4],
    ['conger.kappa.raw', () => congerInference(raw4), 0.76282, 0.2334252, 0.14917, 0.435, 1.683533e-4],
    ['krippen.alpha.raw', () => alphaInference(raw4, 'nominal'), 0.74342, 0.24, 0.14548, 0.423, 1.693123e-4],
  ] as const)('%s: estimate %d, p_e %d, SE %d, CI (%d, 1), p %d', (_, run, estimate, pe, se, low, p) => {
    const c = run();
    expectRounded(c.estimate, estimate, 5);
    expectRounded(c.pe, pe, 7);
    expectRounded(c.analytic.se, se, 5);
    expectRounded(c.analytic.low, low, 3);
    expect(c.analytic.high).toBe(1);
    expect(c.analytic.p! / p).toBeCloseTo(1, 5);
    expect(c.analytic.df).toBe(11);
  });

  it("reproduces krippen.alpha.raw's p_a = 0.805 (Gwet's form (1 − ε)p'_a + ε)", () => {
    expectRounded(alphaInference(raw4, 'nominal').pa, 0.805, 3);
  });
});

describe('analytic inference against the irrCAC README (R, distrib.6raters and cont3x3abstractors)', () => {
  it.each([
    ['gwet.ac1.dist', () => rawInference(dist6, 'gwet'), 0.08418757, 0.264, 0.625, 5.779637e-5],
    ['fleiss.kappa.dist', () => rawInference(dist6, 'fleiss'), 0.08119291, 0.24, 0.588, 8.113618e-5],
    ['bp.coeff.dist', () => rawInference(dist6, 'uniform'), 0.08312142, 0.261, 0.617, 5.814998e-5],
  ] as const)('%s: SE %d, CI (%d, %d), p %d', (_, run, se, low, high, p) => {
    const c = run();
    expectRounded(c.analytic.se, se, 8);
    expectRounded(c.analytic.low, low, 3);
    expectRounded(c.analytic.high, high, 3);
    expect(c.analytic.p! / p).toBeCloseTo(1, 5);
  });

  it.each([
    ['kappa2.table', 'cohen', 0.7964094, 0.05891072, 0.68, 0.913],
    ['scott2.table', 'scott', 0.7962397, 0.05905473, 0.679, 0.913],
    ['bp2.table', 'uniform', 0.835, 0.04693346, 0.742, 0.928],
  ] as const)('%s: %d, SE %d, CI (%d, %d)', (_, model, estimate, se, low, high) => {
    const c = tableInference(cont3, model);
    expectRounded(c.estimate, estimate, 7);
    expectRounded(c.analytic.se, se, 8);
    expectRounded(c.analytic.low, low, 3);
    expectRounded(c.analytic.high, high, 3);
  });
});

// The irrCAC Python port's test/unit/irrCAC/raw tests (3 decimals). Its p-values are two-sided (twice irrCAC's)
// except Brennan–Prediger's; for α it departs from R (p_a instead of p'_a in the unit terms, degrees of freedom of
// the pairable units), so α is compared by SE, and by interval where every unit is pairable.
describe('analytic inference against the irrCAC Python port (raw data)', () => {
  const datasets = {
    '5 observers': codeRatings(fromColumns(IRRCAC_RAW_5OBSERVERS)),
    g1g2: codeRatings(fromColumns(IRRCAC_RAW_G1G2)),
    gender: codeRatings(fromColumns(IRRCAC_RAW_GENDER)),
    'Ben & Gerry': codeRatings(fromColumns(IRRCAC_BEN_GERRY)),
  };
  it.each([
    // dataset, coefficient, SE, CI low, CI high, p as the port reports it (null: not compared)
    ['5 observers', 'bp', 0.121, 0.228, 0.747, 0.00062],
    ['5 observers', 'gwet', 0.122, 0.235, 0.758, 0.00114],
    ['5 observers', 'fleiss', 0.12, 0.199, 0.716, 0.00195],
    ['5 observers', 'conger', 0.117, 0.219, 0.719, 0.00126],
    ['5 observers', 'alpha', 0.114, 0.237, 0.724, null],
    ['g1g2', 'bp', 0.136, 0.385, 0.974, 0.00012],
    ['g1g2', 'gwet', 0.134, 0.396, 0.973, 0.00019],
    ['g1g2', 'fleiss', 0.15, 0.333, 0.981, 0.00074],
    ['g1g2', 'conger', 0.146, 0.343, 0.974, 0.00059],
    ['g1g2', 'alpha', 0.15, null, null, null],
    ['gender', 'bp', 0.102, -0.035, 0.402, 0.04688],
    ['gender', 'gwet', 0.091, 0.014, 0.403, 0.03776],
    ['gender', 'fleiss', 0.141, -0.172, 0.43, 0.37449],
    ['gender', 'conger', 0.121, -0.094, 0.426, 0.19309],
    ['gender', 'alpha', 0.141, -0.158, null, null],
    ['Ben & Gerry', 'bp', 0.185, 0.251, 1, 0.00225],
    ['Ben & Gerry', 'gwet', 0.184, 0.257, 1, 0.0042],
    ['Ben & Gerry', 'fleiss', 0.191, 0.228, 1, 0.00599],
    ['Ben & Gerry', 'conger', 0.179, 0.262, 1, 0.00374],
    ['Ben & Gerry', 'alpha', 0.18, null, 1, null],
  ] as const)('%s, %s: SE %d, CI (%d, %d), p %d', (dataset, coefficient, se, low, high, p) => {
    const coded = datasets[dataset];
    const c =
      coefficient === 'conger'
        ? congerInference(coded)
        : coefficient === 'alpha'
          ? alphaInference(coded, 'nominal')
          : rawInference(coded, coefficient === 'bp' ? 'uniform' : coefficient);
    expectRounded(c.analytic.se, se, 3);
    if (low !== null) expectRounded(c.analytic.low, low, 3);
    if (high !== null) expectRounded(c.analytic.high, high, 3);
    if (p !== null) expectRounded(coefficient === 'bp' ? c.analytic.p : 2 * c.analytic.p!, p, 5);
  });

  // cac.raw4raters with each weight family: SE of BP, AC2, Fleiss and Conger (test_bp.py, test_gwet.py, …).
  it.each(IRRCAC_PORT_RAW4_WEIGHTED)(
    'cac.raw4raters, %s weights (estimates %d, %d, %d, %d, %d): SE of BP %d, AC2 %d, Fleiss %d, Conger %d',
    (family, _pa, _bp, _ac2, _fleiss, _conger, bp, ac2, fleiss, conger) => {
      expectRounded(rawInference(raw4, 'uniform', family).analytic.se, bp, 3);
      expectRounded(rawInference(raw4, 'gwet', family).analytic.se, ac2, 3);
      expectRounded(rawInference(raw4, 'fleiss', family).analytic.se, fleiss, 3);
      expectRounded(congerInference(raw4, family).analytic.se, conger, 3);
    },
  );
});

describe('analytic inference against the irrCAC Python port (two-rater tables)', () => {
  // test_cohen.py, test_scott.py, test_brennan_prediger.py on cont4x4diagnosis: SE (3 decimals).
  it.each([
    ['identity', 0.046, 0.046, 0.044],
    ['quadratic', 0.066, 0.066, 0.085],
    ['linear', 0.053, 0.054, 0.06],
    ['ordinal', 0.062, 0.062, 0.076],
    ['radical', 0.048, 0.049, 0.05],
    ['ratio', 0.063, 0.063, 0.077],
    ['circular', 0.049, 0.049, 0.047],
    ['bipolar', 0.061, 0.061, 0.075],
  ] as [WeightFamily, number, number, number][])('cont4x4diagnosis, %s: SE Cohen %d, Scott %d, BP %d', (f, k, s, b) => {
    expectRounded(tableInference(cont4, 'cohen', f).analytic.se, k, 3);
    expectRounded(tableInference(cont4, 'scott', f).analytic.se, s, 3);
    expectRounded(tableInference(cont4, 'uniform', f).analytic.se, b, 3);
  });

  it('cont3x3abstractors with quadratic weights: Cohen CI (0.822, 0.962), BP (0.871, 0.964)', () => {
    const k = tableInference(cont3, 'cohen', 'quadratic').analytic;
    const b = tableInference(cont3, 'uniform', 'quadratic').analytic;
    [k.low, k.high, b.low, b.high].forEach((x, i) => expectRounded(x, [0.822, 0.962, 0.871, 0.964][i], 3));
  });
});

describe('conventions of the analytic inference', () => {
  it('multiplies the variance by 1 − n/N with a population size N (none by default)', () => {
    const infinite = rawInference(raw4, 'gwet');
    const finite = rawInference(raw4, 'gwet', 'identity', { population: 48 });
    expect(finite.analytic.se! ** 2).toBeCloseTo(infinite.analytic.se! ** 2 * (1 - 12 / 48), 14);
    expect(rawInference(raw4, 'gwet', 'identity', { population: 12 }).analytic.se).toBe(0);
    expect(() => rawInference(raw4, 'gwet', 'identity', { population: 11 })).toThrow(/population/);
  });

  it('widens the interval with the confidence level', () => {
    const c90 = rawInference(dist6, 'gwet', 'identity', { confidence: 0.9 }).analytic;
    const c95 = rawInference(dist6, 'gwet').analytic;
    expect(c90.low!).toBeGreaterThan(c95.low!);
  });

  it("gives the per-category κ of a binary field Fleiss' variance: both categories as Fleiss' κ itself", () => {
    const binary = codeRatings(
      fromContingency([
        [40, 9],
        [6, 45],
      ]),
    );
    const fleiss = rawInference(binary, 'fleiss');
    expect(categoryKappaInference(binary, 0).analytic.se).toBeCloseTo(fleiss.analytic.se!, 14);
    expect(categoryKappaInference(binary, 1).estimate).toBeCloseTo(fleiss.estimate!, 14);
  });

  it('has no analytic inference for α at ordinal level, whose differences depend on the data', () => {
    const c = alphaInference(raw4, 'ordinal');
    expect(c.estimate).toBeCloseTo(0.815, 3);
    expect(c.analytic.se).toBeNull();
  });

  it('gives α at interval level the SE of irrCAC with quadratic weights (0.129, port test_krippendorff.py)', () => {
    expectRounded(alphaInference(raw4, 'interval').analytic.se, 0.129, 3);
    expectRounded(alphaInference(raw4, 'circular').analytic.se, 0.141, 3);
    expectRounded(alphaInference(raw4, 'bipolar').analytic.se, 0.128, 3);
    expectRounded(alphaInference(raw4, 'ratio').analytic.se, 0.14, 3);
  });
});
