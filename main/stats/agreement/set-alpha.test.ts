import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { krippendorffAlpha } from './krippendorff-alpha';
import { KRIPPENDORFF_2011_C } from './reference-data';
import { setAlpha, setDistance } from './set-alpha';

const set = (...xs: (string | number)[]) => new Set(xs.map(String));

describe('MASI and Jaccard distances (NLTK nltk/test/metrics.doctest and masi_distance docstring)', () => {
  it('reproduces NLTK: masi({1,2,3,4}, {3,4,5}) = 0.868, jaccard = 0.6, masi({1,2}, {1,2,3,4}) = 0.665', () => {
    expect(setDistance('masi', set(1, 2, 3, 4), set(3, 4, 5))).toBeCloseTo(0.868, 12);
    expect(setDistance('jaccard', set(1, 2, 3, 4), set(3, 4, 5))).toBeCloseTo(0.6, 12);
    expect(setDistance('masi', set(1, 2), set(1, 2, 3, 4))).toBeCloseTo(0.665, 12);
    expect(setDistance('masi', set('a'), set('b'))).toBe(1);
    expect(setDistance('masi', set('a', 'b'), set('b', 'a'))).toBe(0);
  });
});

describe("Krippendorff's α of label sets", () => {
  it("is nominal α when every set has one label: Krippendorff (2011) C 0.743, NLTK's dress example −1/3", () => {
    const units = KRIPPENDORFF_2011_C[0].map((_, u) =>
      KRIPPENDORFF_2011_C.map((col) => (col[u] === null ? null : [String(col[u])])),
    );
    const nominal = krippendorffAlpha(
      codeRatings({
        items: units.map((_, u) => `u${u}`),
        raters: ['A', 'B', 'C', 'D'],
        labels: units.map((row) => row.map((l) => (l ? l[0] : null))),
      }),
    );
    expect(setAlpha(units, 'masi')).toBeCloseTo(nominal, 12);
    expect(setAlpha(units, 'jaccard')).toBeCloseTo(0.743, 3);
    // NLTK test_disagreement.py test_easy: dress1 YES NO NO, dress2 YES NO, dress3 NO (one rating, left out).
    const dress = [
      [['YES'], ['NO'], ['NO']],
      [['YES'], ['NO'], null],
      [null, null, ['NO']],
    ];
    expect(setAlpha(dress, 'masi')).toBeCloseTo(-1 / 3, 12);
  });

  it('counts partial agreement: overlapping sets agree more under MASI than disjoint ones (hand computation)', () => {
    // Two raters, two units: {a,b} vs {a} and {c} vs {c}. Values {a,b}, {a}, {c}: o({a,b},{a}) = o({a},{a,b}) = 1,
    // o({c},{c}) = 2; n = 4. MASI({a,b},{a}) = 1 − ½·0.67 = 0.665, MASI with {c} = 1.
    // Observed Σ o δ = 2·0.665 = 1.33; expected Σ n_c n_k δ = 2·(1·1·0.665 + 1·2·1 + 1·2·1) = 9.33;
    // α = 1 − 3·1.33/9.33.
    const units = [
      [['a', 'b'], ['a']],
      [['c'], ['c']],
    ];
    expect(setAlpha(units, 'masi')).toBeCloseTo(1 - (3 * 1.33) / 9.33, 12);
    expect(setAlpha([[['a'], ['a']]], 'masi')).toBeNaN();
  });
});
