import { describe, expect, it } from 'vitest';
import { agreementWeights, categoryScores, isIdentity, WEIGHT_FAMILIES } from './weights';

const rounded = (w: Float64Array) => Array.from(w, (x) => Math.round(x * 1000) / 1000);

describe('agreement weights (irrCAC weights.gen.r)', () => {
  // Expected matrices: the Python irrCAC port's test/unit/irrCAC/weights/test_weights.py, categories 1, 2, 3.
  it.each([
    ['identity', [1, 0, 0, 0, 1, 0, 0, 0, 1]],
    ['linear', [1, 0.5, 0, 0.5, 1, 0.5, 0, 0.5, 1]],
    ['quadratic', [1, 0.75, 0, 0.75, 1, 0.75, 0, 0.75, 1]],
    ['ordinal', [1, 0.667, 0, 0.667, 1, 0.667, 0, 0.667, 1]],
    ['radical', [1, 0.293, 0, 0.293, 1, 0.293, 0, 0.293, 1]],
    ['ratio', [1, 0.556, 0, 0.556, 1, 0.84, 0, 0.84, 1]],
    ['circular', [1, 0, 0, 0, 1, 0, 0, 0, 1]],
    ['bipolar', [1, 0.667, 0, 0.667, 1, 0.667, 0, 0.667, 1]],
  ] as const)('%s weights of categories 1, 2, 3 match the irrCAC port test', (family, expected) => {
    expect(rounded(agreementWeights(family, ['1', '2', '3']))).toEqual(expected);
  });

  it('uses the numbers of numeric categories and the ranks of others', () => {
    expect(Array.from(categoryScores(['1', '2', '10']))).toEqual([1, 2, 10]);
    expect(Array.from(categoryScores(['low', 'mid', 'high']))).toEqual([1, 2, 3]);
    // Linear weights on 1, 2, 10: 1 − |x − y| / 9.
    expect(agreementWeights('linear', ['1', '2', '10'])[1]).toBeCloseTo(8 / 9, 12);
    expect(agreementWeights('linear', ['low', 'mid', 'high'])[1]).toBeCloseTo(0.5, 12);
  });

  it('has 1 on the diagonal for every family, is symmetric, and lies in [0, 1]', () => {
    const categories = ['1', '2', '3', '4', '5'];
    for (const family of WEIGHT_FAMILIES) {
      const w = agreementWeights(family, categories);
      for (let k = 0; k < 5; k++) {
        expect(w[k * 5 + k]).toBe(1);
        for (let l = 0; l < 5; l++) {
          expect(w[k * 5 + l]).toBeCloseTo(w[l * 5 + k], 12);
          expect(w[k * 5 + l]).toBeGreaterThanOrEqual(0);
          expect(w[k * 5 + l]).toBeLessThanOrEqual(1);
        }
      }
    }
    expect(isIdentity(agreementWeights('identity', categories), 5)).toBe(true);
    expect(isIdentity(agreementWeights('linear', categories), 5)).toBe(false);
  });

  it('refuses ratio weights for negative values; a zero agrees only with itself (Krippendorff ratio δ² = 1)', () => {
    expect(() => agreementWeights('ratio', ['-1', '1', '2'])).toThrow(/ratio weights need category values ≥ 0; "-1"/);
    // ((x − y)/(x + y))² scaled by ((2 − 0)/(2 + 0))² = 1: w(1, 2) = 1 − 1/9, w(0, ·) = 0, w(0, 0) = 1.
    expect(rounded(agreementWeights('ratio', ['0', '1', '2']))).toEqual([1, 0, 0, 0, 1, 0.889, 0, 0.889, 1]);
  });

  it('gives equal numbers written differently ("1", "1.0") full agreement under every family but ordinal, never NaN', () => {
    // Bipolar on 1, 1, 2 (min 1, max 2): d(1, 2) = 1 / ((1 + 2 − 2)(4 − 3)) = 1, d(1, 1) = 0; the ends gave 0/0 before.
    expect(rounded(agreementWeights('bipolar', ['1', '1.0', '2']))).toEqual([1, 1, 0, 1, 1, 0, 0, 0, 1]);
    for (const family of WEIGHT_FAMILIES) {
      const w = agreementWeights(family, ['1', '1.0', '3', '3.0']);
      expect(w.every(Number.isFinite)).toBe(true);
      if (family !== 'ordinal' && family !== 'identity') expect([w[1], w[11]]).toEqual([1, 1]);
    }
  });
});
