import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { coincidenceMatrix, krippendorffAlpha } from './krippendorff-alpha';
import {
  fromColumns,
  fromContingency,
  fromDistribution,
  IRRCAC_BEN_GERRY,
  IRRCAC_CONT3X3_ABSTRACTORS,
  IRRCAC_DISTRIB_6RATERS,
  IRRCAC_RAW_5OBSERVERS,
  IRRCAC_RAW_G1G2,
  IRRCAC_RAW_GENDER,
  KRIPPENDORFF_2011_A,
  KRIPPENDORFF_2011_C,
} from './reference-data';

const reliability = codeRatings(fromColumns(KRIPPENDORFF_2011_C));

describe("Krippendorff's alpha", () => {
  it('reproduces Krippendorff (2011) section C: nominal 0.743, ordinal 0.815, interval 0.849', () => {
    expect(krippendorffAlpha(reliability, 'nominal')).toBeCloseTo(0.743, 3);
    expect(krippendorffAlpha(reliability, 'ordinal')).toBeCloseTo(0.815, 3);
    expect(krippendorffAlpha(reliability, 'interval')).toBeCloseTo(0.849, 3);
    // irrCAC krippen.alpha.raw(cac.raw4raters), the same data: 0.74342.
    expect(krippendorffAlpha(reliability, 'nominal')).toBeCloseTo(0.74342, 5);
  });

  it('reproduces Krippendorff (2011) section A: binary, two observers, α = 0.095', () => {
    // Coincidences o_00 = 10, o_01 = o_10 = 4, o_11 = 2; α = 1 − 19 · 4 / (14 · 6) = 0.0952.
    const coded = codeRatings(fromColumns(KRIPPENDORFF_2011_A));
    expect(coincidenceMatrix(coded)).toEqual([
      [10, 4],
      [4, 2],
    ]);
    expect(krippendorffAlpha(coded)).toBeCloseTo(0.095, 3);
  });

  it('builds the section C coincidence matrix over the 40 pairable values (unit 12 has one value and drops out)', () => {
    const o = coincidenceMatrix(reliability);
    const total = o.flat().reduce((s, x) => s + x, 0);
    expect(total).toBeCloseTo(40, 12);
    // Value 5 appears only in unit 10, three times: o_55 = 3 · 2 / 2 = 3.
    expect(o[4][4]).toBeCloseTo(3, 12);
    o.forEach((row, c) => row.forEach((x, k) => expect(x).toBeCloseTo(o[k][c], 12)));
  });

  it('reproduces irrCAC: distrib.6raters 0.4204384, cont3x3abstractors 0.7972585', () => {
    expect(krippendorffAlpha(codeRatings(fromDistribution(IRRCAC_DISTRIB_6RATERS)))).toBeCloseTo(0.4204384, 7);
    expect(krippendorffAlpha(codeRatings(fromContingency(IRRCAC_CONT3X3_ABSTRACTORS)))).toBeCloseTo(0.7972585, 7);
  });

  it('reproduces irrCAC raw-data values: 5 observers 0.481, gender 0.143, g1g2 0.632, Ben & Gerry 0.665', () => {
    expect(krippendorffAlpha(codeRatings(fromColumns(IRRCAC_RAW_5OBSERVERS)))).toBeCloseTo(0.481, 3);
    expect(krippendorffAlpha(codeRatings(fromColumns(IRRCAC_RAW_GENDER)))).toBeCloseTo(0.143, 3);
    expect(krippendorffAlpha(codeRatings(fromColumns(IRRCAC_RAW_G1G2)))).toBeCloseTo(0.632, 3);
    expect(krippendorffAlpha(codeRatings(fromColumns(IRRCAC_BEN_GERRY)))).toBeCloseTo(0.665, 3);
  });

  it('ignores units with fewer than two values', () => {
    const withExtra = KRIPPENDORFF_2011_C.map((col, r) => [...col, r === 0 ? 5 : null, null]);
    for (const level of ['nominal', 'ordinal', 'interval'] as const) {
      expect(krippendorffAlpha(codeRatings(fromColumns(withExtra)), level)).toBeCloseTo(krippendorffAlpha(reliability, level), 12);
    }
  });

  it('uses numeric values for the interval metric and ranks for the ordinal one', () => {
    // Relabelling 1..5 as 10..50 scales every distance alike: interval α is unchanged.
    const scaled = codeRatings(fromColumns(KRIPPENDORFF_2011_C.map((col) => col.map((v) => (v === null ? null : Number(v) * 10)))));
    expect(krippendorffAlpha(scaled, 'interval')).toBeCloseTo(0.849, 3);
    expect(krippendorffAlpha(scaled, 'ordinal')).toBeCloseTo(0.815, 3);
    expect(() => krippendorffAlpha(codeRatings(fromColumns([['a', 'b'], ['a', 'b']])), 'interval')).toThrow(/numeric/);
  });

  it('is NaN when there is no variation at all', () => {
    expect(krippendorffAlpha(codeRatings(fromColumns([['a', 'a'], ['a', 'a']])))).toBeNaN();
  });
});
