import { describe, expect, it } from 'vitest';
import { binomialTestHalf } from './binomial';

describe('binomialTestHalf', () => {
  it('doubles the smaller tail (hand-computed)', () => {
    // n = 12, x = 2: P(X ≤ 2) = (1 + 12 + 66) / 4096 = 79/4096 → p = 158/4096 = 0.03857421875
    expect(binomialTestHalf(2, 12)).toBeCloseTo(158 / 4096, 14);
    expect(binomialTestHalf(10, 12)).toBeCloseTo(158 / 4096, 14);
    // n = 5, x = 0: 2 · 1/32 = 0.0625
    expect(binomialTestHalf(0, 5)).toBeCloseTo(0.0625, 14);
    // n = 7, x = 3: P(X ≤ 3) = 64/128 → 2·0.5 = 1
    expect(binomialTestHalf(3, 7)).toBe(1);
    expect(binomialTestHalf(0, 0)).toBe(1);
  });
  it('matches the τ-Elicitation paper (26 vs 32 paired wins, exact binomial p = .512) and scipy.stats.binomtest', () => {
    expect(binomialTestHalf(26, 58)).toBeCloseTo(0.5118423084381691, 12);
    // scipy.stats.binomtest(400, 1000).pvalue = 2.728464156065947e-10
    expect(binomialTestHalf(400, 1000) / 2.728464156065947e-10).toBeCloseTo(1, 8);
  });
  it('rejects impossible counts', () => {
    expect(() => binomialTestHalf(6, 5)).toThrow(RangeError);
    expect(() => binomialTestHalf(1.5, 5)).toThrow(RangeError);
  });
});
