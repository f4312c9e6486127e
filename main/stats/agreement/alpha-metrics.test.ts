import { describe, expect, it } from 'vitest';
import { expectRounded } from '../../../test-support/expect-rounded';
import { codeRatings } from './coding';
import { krippendorffAlpha } from './krippendorff-alpha';
import { fromColumns, KRIPPENDORFF_2011_C, WIKIPEDIA_KRIPPENDORFF } from './reference-data';

const reliability = codeRatings(fromColumns(KRIPPENDORFF_2011_C));

describe("Krippendorff's α at ratio, circular and bipolar levels", () => {
  it('reproduces ratio α of Krippendorff (2011) section C: 0.797 (krippendorff package doctest, pyirr test)', () => {
    expectRounded(krippendorffAlpha(reliability, 'ratio'), 0.797, 3);
  });

  it('reproduces circular 0.790 and bipolar 0.835 (irrCAC port test_krippendorff.py, cac.raw4raters)', () => {
    // irrCAC's circular and bipolar weights are 1 − δ²/max δ² of Krippendorff's circular and bipolar differences,
    // and α does not change when δ² is scaled, so krippen.alpha.raw with those weights is α at these levels.
    expectRounded(krippendorffAlpha(reliability, 'circular'), 0.79, 3);
    expectRounded(krippendorffAlpha(reliability, 'bipolar'), 0.835, 3);
  });

  it('reproduces the Wikipedia example of the krippendorff package: nominal 0.691358, interval 0.810845', () => {
    const coded = codeRatings(fromColumns(WIKIPEDIA_KRIPPENDORFF));
    expectRounded(krippendorffAlpha(coded, 'nominal'), 0.691358, 6);
    expectRounded(krippendorffAlpha(coded, 'interval'), 0.810845, 6);
  });

  it('computes circular and bipolar differences on the ranks of ordered text categories', () => {
    const text = codeRatings(
      fromColumns(KRIPPENDORFF_2011_C.map((col) => col.map((v) => (v === null ? null : 'abcde'[Number(v) - 1])))),
      ['a', 'b', 'c', 'd', 'e'],
    );
    expect(krippendorffAlpha(text, 'circular')).toBeCloseTo(krippendorffAlpha(reliability, 'circular'), 14);
    expect(krippendorffAlpha(text, 'bipolar')).toBeCloseTo(krippendorffAlpha(reliability, 'bipolar'), 14);
    expect(() => krippendorffAlpha(text, 'ratio')).toThrow(/ratio level needs numeric labels ≥ 0; "a" is not one/);
  });
});
