import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { cohenKappa, disagreementWeights, kappaFromTable } from './cohen-kappa';
import { fromColumns, fromContingency, IRRCAC_CONT3X3_ABSTRACTORS, IRRCAC_CONT4X4_DIAGNOSIS, WIKIPEDIA_COHEN } from './reference-data';

const kappaOf = (counts: number[][], weighting: 'unweighted' | 'linear' | 'quadratic' = 'unweighted') =>
  cohenKappa(codeRatings(fromContingency(counts)), weighting);

describe("Cohen's kappa", () => {
  it('reproduces the Wikipedia worked example (p_o = 0.7, p_e = 0.5, κ = 0.4)', () => {
    expect(kappaOf(WIKIPEDIA_COHEN)).toBeCloseTo(0.4, 12);
  });

  it('reproduces irrCAC kappa2.table(cont3x3abstractors) = 0.7964094 and its weighted values', () => {
    expect(kappaOf(IRRCAC_CONT3X3_ABSTRACTORS)).toBeCloseTo(0.7964094, 7);
    // irrCAC (Python port) tests, 3 decimals: linear 0.843, quadratic 0.892.
    expect(kappaOf(IRRCAC_CONT3X3_ABSTRACTORS, 'linear')).toBeCloseTo(0.843, 3);
    expect(kappaOf(IRRCAC_CONT3X3_ABSTRACTORS, 'quadratic')).toBeCloseTo(0.892, 3);
  });

  it('reproduces irrCAC cont4x4diagnosis: unweighted 0.432, linear 0.407, quadratic 0.383', () => {
    expect(kappaOf(IRRCAC_CONT4X4_DIAGNOSIS)).toBeCloseTo(0.432, 3);
    expect(kappaOf(IRRCAC_CONT4X4_DIAGNOSIS, 'linear')).toBeCloseTo(0.407, 3);
    expect(kappaOf(IRRCAC_CONT4X4_DIAGNOSIS, 'quadratic')).toBeCloseTo(0.383, 3);
  });

  it('matches a hand computation of unweighted, linear and quadratic κ', () => {
    // Table [[2,1,0],[0,2,1],[1,0,3]], n = 10, row sums = column sums = (3, 3, 4).
    // Unweighted: p_o = 7/10, p_e = (9 + 9 + 16)/100 = 0.34, κ = 0.36/0.66 = 6/11.
    // Linear |i−j|: observed Σ d·o = 1 + 1 + 2 = 4; expected Σ d·r_i·c_j/n = (9+24+9+12+24+12)/10 = 9; κ = 1 − 4/9 = 5/9.
    // Quadratic (i−j)²: observed 1 + 1 + 4 = 6; expected (9+48+9+12+48+12)/10 = 13.8; κ = 1 − 6/13.8 = 13/23.
    const table = [
      [2, 1, 0],
      [0, 2, 1],
      [1, 0, 3],
    ];
    expect(kappaOf(table)).toBeCloseTo(6 / 11, 12);
    expect(kappaOf(table, 'linear')).toBeCloseTo(5 / 9, 12);
    expect(kappaOf(table, 'quadratic')).toBeCloseTo(13 / 23, 12);
    expect(kappaFromTable(table.flat(), 3, disagreementWeights(3, 'linear'))).toBeCloseTo(5 / 9, 12);
  });

  it('orders ordinal categories numerically, so weights follow 1 < 2 < 10', () => {
    // Same table as above with categories 1, 2, 10: the inferred order keeps 10 last, so linear κ is still 5/9.
    const table = fromContingency(
      [
        [2, 1, 0],
        [0, 2, 1],
        [1, 0, 3],
      ],
      ['1', '2', '10'],
    );
    expect(cohenKappa(codeRatings(table), 'linear')).toBeCloseTo(5 / 9, 12);
  });

  it('uses only units both raters labelled', () => {
    const full = fromColumns([
      ['y', 'y', 'n', 'n', 'y'],
      ['y', 'n', 'n', 'n', 'y'],
    ]);
    const withGaps = fromColumns([
      ['y', 'y', 'n', 'n', 'y', 'n', null, null],
      ['y', 'n', 'n', 'n', 'y', null, 'y', null],
    ]);
    expect(cohenKappa(codeRatings(withGaps))).toBeCloseTo(cohenKappa(codeRatings(full)), 12);
  });

  it('is NaN when chance agreement is total (both raters use one category)', () => {
    expect(kappaOf([[5, 0], [0, 0]])).toBeNaN();
  });

  it('compares the raters named by index', () => {
    const table = codeRatings(fromColumns([
      ['a', 'b', 'a', 'b'],
      ['a', 'b', 'b', 'a'],
      ['a', 'b', 'a', 'b'],
    ]));
    expect(cohenKappa(table, 'unweighted', 0, 2)).toBe(1);
    expect(cohenKappa(table, 'unweighted', 0, 1)).toBe(0);
    expect(() => cohenKappa(table, 'unweighted', 0, 3)).toThrow(/out of range/);
  });
});
