import { describe, expect, it } from 'vitest';
import { codeRatings } from './coding';
import { percentAgreement } from './percent-agreement';
import { fromColumns, fromContingency, IRRCAC_CONT3X3_ABSTRACTORS, KRIPPENDORFF_2011_C } from './reference-data';

describe('percent agreement', () => {
  it('reproduces irrCAC pa2.table(cont3x3abstractors) = 0.89', () => {
    expect(percentAgreement(codeRatings(fromContingency(IRRCAC_CONT3X3_ABSTRACTORS)))).toBeCloseTo(0.89, 12);
  });

  it('reproduces irrCAC pa.coeff.raw(cac.raw4raters) = 0.8181818 (11 units with ≥ 2 ratings)', () => {
    expect(percentAgreement(codeRatings(fromColumns(KRIPPENDORFF_2011_C)))).toBeCloseTo(0.8181818, 7);
  });

  it('counts agreeing pairs within a unit: three raters a, a, b agree on 1 pair of 3', () => {
    expect(percentAgreement(codeRatings(fromColumns([['a'], ['a'], ['b']])))).toBeCloseTo(1 / 3, 12);
  });

  it('with two raters, uses only the units both labelled', () => {
    const table = fromColumns([
      ['a', 'b', 'a', null, 'b'],
      ['a', 'a', 'a', 'b', null],
    ]);
    expect(percentAgreement(codeRatings(table))).toBeCloseTo(2 / 3, 12);
  });
});
