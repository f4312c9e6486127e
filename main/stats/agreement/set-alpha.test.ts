import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { krippendorffAlpha } from './krippendorff-alpha';
import { fromColumns, KRIPPENDORFF_2011_C } from './reference-data';
import { agreementReport } from './report';
import { setAlpha, setAlphaIntervals, setDistance, type SetRatings } from './set-alpha';

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

/** Krippendorff (2011) section C as label sets of one label each (null = not rated). */
const singletonUnits: SetRatings = KRIPPENDORFF_2011_C[0].map((_, u) =>
  KRIPPENDORFF_2011_C.map((col) => (col[u] === null ? null : [String(col[u])])),
);

/** A hand-made multi-label field: 10 calls, 3 raters, error tags (one rater skipped call 4). */
const tagUnits: SetRatings = [
  [['pace'], ['pace'], ['pace', 'tone']],
  [['tone'], ['tone'], ['tone']],
  [[], [], ['pace']],
  [['fact', 'tone'], ['fact'], ['fact', 'tone']],
  [['fact'], null, ['fact']],
  [[], [], []],
  [['pace', 'fact'], ['pace'], ['tone']],
  [['tone'], ['tone', 'pace'], ['tone']],
  [['fact'], ['fact'], ['fact']],
  [[], ['tone'], []],
];

describe('percentile bootstrap of the set α over units', () => {
  it('is the report bootstrap of nominal α on singleton sets: Krippendorff (2011) C, same seed, same resamples', () => {
    const options = { resamples: 2000, seed: 5 };
    const nominal = agreementReport(fromColumns(KRIPPENDORFF_2011_C), options).statistics.krippendorffAlpha;
    const { masi, jaccard } = setAlphaIntervals(singletonUnits, options);
    for (const set of [masi, jaccard]) {
      expect(set.estimate).toBeCloseTo(0.743, 3);
      expect(set.low).toBeCloseTo(nominal.low!, 12);
      expect(set.high).toBeCloseTo(nominal.high!, 12);
      expect(set.undefinedResamples).toBe(nominal.undefinedResamples);
      expect(set.low!).toBeLessThan(set.estimate!);
      expect(set.high!).toBeGreaterThan(set.estimate!);
    }
  });

  it('is reproducible from the seed, changes with it, and contains the estimate on label sets', () => {
    const a = setAlphaIntervals(tagUnits, { resamples: 1000, seed: 3 });
    expect(setAlphaIntervals(tagUnits, { resamples: 1000, seed: 3 })).toEqual(a);
    const b = setAlphaIntervals(tagUnits, { resamples: 1000, seed: 4 });
    expect(b.masi.low === a.masi.low && b.masi.high === a.masi.high).toBe(false);
    expect(a.masi.estimate).toBeCloseTo(setAlpha(tagUnits, 'masi'), 12);
    expect(a.jaccard.estimate).toBeCloseTo(setAlpha(tagUnits, 'jaccard'), 12);
    for (const x of [a.masi, a.jaccard]) {
      expect(x).toMatchObject({ resamples: 1000, seed: 3, confidence: 0.95 });
      expect(x.low!).toBeLessThan(x.estimate!);
      expect(x.high!).toBeGreaterThan(x.estimate!);
    }
    expect(setAlphaIntervals(tagUnits).masi).toMatchObject({ resamples: 10_000, seed: 1, confidence: 0.95 });
  });

  it('is [1, 1] when every rater gives every unit the same set (resamples of one set left out)', () => {
    const same: SetRatings = [
      [['a'], ['a'], ['a']],
      [['a', 'b'], ['a', 'b'], ['a', 'b']],
      [['c'], ['c'], null],
      [[], [], []],
    ];
    const { masi, jaccard } = setAlphaIntervals(same, { resamples: 2000, seed: 9 });
    for (const x of [masi, jaccard]) {
      expect([x.estimate, x.low, x.high]).toEqual([1, 1, 1]);
      expect(x.undefinedResamples).toBeGreaterThan(0);
      expect(x.undefinedResamples).toBeLessThan(2000);
    }
  });
});
