import { describe, expect, it } from 'vitest';
import { fisherExact } from './fisher-exact';
import { freemanHalton2xK } from './freeman-halton';

describe('fisherExact (two-sided)', () => {
  it('equals scipy.stats.fisher_exact', () => {
    // Values printed by SciPy 1.17 for [[a, b], [c, d]].
    expect(fisherExact(24, 11, 18, 26)).toBeCloseTo(0.022756042151230955, 12);
    expect(fisherExact(24, 11, 31, 17)).toBeCloseTo(0.815398361964023, 12);
    expect(fisherExact(7, 17, 12, 5)).toBeCloseTo(0.012433174335559098, 12);
    expect(fisherExact(10, 0, 0, 10)).toBeCloseTo(1.082508822446903e-5, 16);
  });

  it('the tea-tasting table: 3 of 4 right gives 34/70 (Fisher 1935)', () => {
    // P(3) = P(1) = C(4,3)·C(4,1)/C(8,4) = 16/70, P(4) = P(0) = 1/70: 2·(16 + 1)/70.
    expect(fisherExact(3, 1, 1, 3)).toBeCloseTo(34 / 70, 14);
  });

  it('a table with an empty margin is 1; negative or fractional cells are refused', () => {
    expect(fisherExact(0, 5, 0, 5)).toBe(1);
    expect(() => fisherExact(-1, 2, 3, 4)).toThrow(RangeError);
    expect(() => fisherExact(1.5, 2, 3, 4)).toThrow(RangeError);
  });
});

describe('freemanHalton2xK (exact)', () => {
  it('with two groups it is Fisher’s exact test', () => {
    expect(freemanHalton2xK([24, 18], [35, 44])).toBeCloseTo(fisherExact(24, 11, 18, 26), 12);
  });

  it('Gemini high’s five caller voices (regular): p = 0.013950, enumerating all 1,597,680 tables in Python', () => {
    // Python, exact integers (math.comb) over every 2×5 table with the margins of 24/35, 31/48, 14/34, 16/39, 18/44;
    // the paper's Monte Carlo estimate (100,000 samples) is .01337.
    expect(freemanHalton2xK([24, 31, 14, 16, 18], [35, 48, 34, 39, 44])).toBeCloseTo(0.013949810625063617, 10);
  });

  it('a tiny table by hand: 2/2 vs 0/2 vs 1/2 with 3 successes', () => {
    // Tables (x1, x2, x3) with x1 + x2 + x3 = 3, xi ≤ 2: weight Π C(2, xi) over C(6, 3) = 20. The observed (2, 0, 1)
    // has weight 1·1·2 = 2; the no likelier ones are the six permutations of (2, 1, 0): 6 · 2 = 12 of 20, and (1, 1, 1)
    // (weight 8) is likelier: p = 12/20.
    expect(freemanHalton2xK([2, 0, 1], [2, 2, 2])).toBeCloseTo(0.6, 14);
  });
});
