import { describe, expect, it } from 'vitest';
import { classicalMean, judgeOnlyMean } from './classical-mean';
import { independentDifference } from './difference';
import { normalQuantile, twoSidedZ } from './normal-quantile';

describe('normalQuantile', () => {
  it('matches published quantiles of the standard normal', () => {
    // Φ⁻¹ values as tabulated (e.g. scipy.stats.norm.ppf): 0.975 → 1.959963984540054, 0.995 → 2.5758293035489004.
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489004, 14);
    expect(normalQuantile(0.95)).toBeCloseTo(1.6448536269514722, 14);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 14);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 13);
    expect(normalQuantile(0.5)).toBe(0);
    expect(twoSidedZ(0.9)).toBeCloseTo(1.6448536269514722, 14);
  });

  it('is ±∞ at the ends and NaN outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(Number.isNaN(normalQuantile(1.5))).toBe(true);
  });
});

describe('classicalMean', () => {
  it('is ȳ ∓ z·σ̂/√n with the plug-in σ̂ (closed form)', () => {
    // 4 of 6 calls pass: ȳ = 2/3, σ̂² = (2/3)(1/3) = 2/9, se = √(2/9 / 6) = √(1/27).
    const got = classicalMean([1, 0, 1, 1, 0, 1]);
    expect(got.estimate).toBeCloseTo(2 / 3, 15);
    expect(got.standardError).toBeCloseTo(Math.sqrt(1 / 27), 15);
    // ppi_py's classical_mean_ci on the same numbers (alpha = 0.05).
    expect(got.low).toBeCloseTo(0.2894714219746094, 13);
    expect(got.high).toBeCloseTo(1.0438619113587237, 13);
  });

  it("gives the judge's figure over every call, with the same formula", () => {
    const judge = [1, 1, 0, 1, 1, 1, 0, 1];
    const got = judgeOnlyMean(judge, 0.9);
    // 6 of 8: 0.75, σ̂² = 0.1875, se = √(0.1875/8).
    expect(got.estimate).toBe(0.75);
    expect(got.standardError).toBeCloseTo(Math.sqrt(0.1875 / 8), 15);
    expect(got.high - got.estimate).toBeCloseTo(1.6448536269514722 * Math.sqrt(0.1875 / 8), 14);
  });
});

describe('independentDifference', () => {
  it('subtracts the estimates and adds the variances', () => {
    const a = classicalMean([1, 1, 1, 0]);
    const b = classicalMean([1, 0, 0, 0, 0]);
    // 0.75 − 0.2 = 0.55; se² = 0.1875/4 + 0.16/5 = 0.046875 + 0.032 = 0.078875.
    const got = independentDifference(a, b);
    expect(got.estimate).toBeCloseTo(0.55, 15);
    expect(got.standardError).toBeCloseTo(Math.sqrt(0.078875), 15);
    expect(got.low).toBeCloseTo(0.55 - 1.959963984540054 * Math.sqrt(0.078875), 14);
  });
});
