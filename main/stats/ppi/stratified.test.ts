import { describe, expect, it } from 'vitest';
import { stratifiedPpiMean } from './stratified';

// Stratum A: 10 calls, 4 labelled; stratum B: 20 calls, 3 labelled.
const A = { ys: [1, 1, 0, 1], labelled: [1, 1, 0, 0], unlabelled: [1, 1, 1, 0, 1, 1] };
const B = {
  ys: [0, 0, 1],
  labelled: [0, 1, 1],
  unlabelled: [0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
};

describe('stratifiedPpiMean', () => {
  it('is the classical stratified mean at λ = 0 (closed form), which is the Horvitz–Thompson mean', () => {
    // W_A = 10/30, W_B = 20/30; ȳ_A = 3/4, ȳ_B = 1/3: Σ W_h ȳ_h = 1/4 + 2/9 = 17/36.
    // Var = Σ W_h²·σ̂_h²/n_h with σ̂_A² = (3/4)(1/4) = 3/16, σ̂_B² = (1/3)(2/3) = 2/9.
    const variance = (1 / 9) * (3 / 16 / 4) + (4 / 9) * (2 / 9 / 3);
    const got = stratifiedPpiMean([A, B], 0);
    expect(got.estimate).toBeCloseTo(17 / 36, 15);
    expect(got.standardError).toBeCloseTo(Math.sqrt(variance), 15);
    // Horvitz–Thompson: π_A = 4/10, π_B = 3/20; (1/N)·Σ y_i/π_i = (1/30)·(3/0.4 + 1/0.15).
    expect(got.estimate).toBeCloseTo((3 / 0.4 + 1 / 0.15) / 30, 14);
    expect(got.strata.map((s) => s.weight)).toEqual([1 / 3, 2 / 3]);
  });

  it('weights each stratum’s PPI++ estimate, λ tuned per stratum (StratPPI)', () => {
    // Each stratum's PPI++ estimate and standard error as ppi_py's ppi_mean_pointestimate / ppi_mean_ci give them.
    const [thetaA, seA] = [0.8571428571428572, 0.18877120099880335];
    const [thetaB, seB] = [0.14902998236331572, 0.24058191955808333];
    const got = stratifiedPpiMean([A, B]);
    expect(got.estimate).toBeCloseTo(thetaA / 3 + (2 * thetaB) / 3, 13);
    expect(got.standardError).toBeCloseTo(Math.sqrt((seA / 3) ** 2 + ((2 * seB) / 3) ** 2), 13);
    expect(got.high - got.estimate).toBeCloseTo(1.959963984540054 * got.standardError, 14);
  });

  it('is plain PPI in one stratum', () => {
    const got = stratifiedPpiMean([A], 1);
    // λ = 1: mean(unlabelled) + mean(y − f) = 5/6 + 1/4.
    expect(got.estimate).toBeCloseTo(5 / 6 + 1 / 4, 15);
  });

  it('is undefined when a stratum with calls has no labelled call; empty strata are left out', () => {
    expect(Number.isNaN(stratifiedPpiMean([A, { ys: [], labelled: [], unlabelled: [1, 0] }]).estimate)).toBe(true);
    const withEmpty = stratifiedPpiMean([A, { ys: [], labelled: [], unlabelled: [] }], 0);
    expect(withEmpty.estimate).toBeCloseTo(0.75, 15);
    expect(Number.isNaN(stratifiedPpiMean([]).estimate)).toBe(true);
  });
});
