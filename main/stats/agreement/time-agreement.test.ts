/** Tolerance agreement of time marks and interval α on them. */
import { describe, expect, it } from 'vitest';
import { intervalAlpha, toleranceAgreement, type TimeMark } from './time-agreement';
import { columnsOfRows, KRIPPENDORFF_2011_C, WIKIPEDIA_KRIPPENDORFF } from './reference-data';

/** Units as lists of values from per-rater columns (null = missing). */
function units(columns: readonly (readonly (string | number | null)[])[]): number[][] {
  const rows = columnsOfRows(columns);
  return rows.map((row) => row.filter((x): x is number => typeof x === 'number'));
}

describe('intervalAlpha', () => {
  it('reproduces interval α of Krippendorff (2011) section C: 0.849', () => {
    expect(intervalAlpha(units(KRIPPENDORFF_2011_C)).toFixed(3)).toBe('0.849');
  });

  it("reproduces the krippendorff package's Wikipedia example: interval 0.810845", () => {
    expect(intervalAlpha(units(WIKIPEDIA_KRIPPENDORFF)).toFixed(6)).toBe('0.810845');
  });

  it('does not change when every value is shifted and scaled (ms of a late mark)', () => {
    const base = units(KRIPPENDORFF_2011_C);
    const shifted = base.map((u) => u.map((x) => 3_600_000 + 250 * x));
    expect(intervalAlpha(shifted)).toBeCloseTo(intervalAlpha(base), 12);
  });

  it('is undefined without two pairable values or without variation', () => {
    expect(intervalAlpha([[5], [7]])).toBeNaN();
    expect(
      intervalAlpha([
        [5, 5],
        [5, 5],
      ]),
    ).toBeNaN();
  });
});

describe('toleranceAgreement', () => {
  // Hand example, three raters: item 1 has marks 1000, 1300, 2500 (pairs: 300 ✓, 1500 ✗, 1200 ✗ at ±500);
  // item 2 none, none, 4000 (1 both absent, 2 one absent); item 3 only one rating (left out);
  // item 4 10000 and 10500 (within, exactly at the tolerance), third rater did not rate.
  const marks: TimeMark[][] = [
    [1000, 1300, 2500],
    ['none', 'none', 4000],
    [null, 700, null],
    [10000, 10500, null],
  ];

  it('counts pairs by kind and takes no mark as agreement only with no mark', () => {
    const t = toleranceAgreement(marks, 500, { resamples: 200 });
    expect(t).toMatchObject({ items: 3, pairs: 7, bothMarked: 4, withinTolerance: 2, bothAbsent: 1, oneAbsent: 2 });
    expect(t.agreement.estimate).toBeCloseTo(3 / 7, 12);
    expect(t.markedAgreement).toBe(0.5);
    expect(t.medianDifferenceMs).toBe((500 + 1200) / 2);
  });

  it('gives an item bootstrap interval that contains the estimate and depends only on the seed', () => {
    const a = toleranceAgreement(marks, 500, { resamples: 500, seed: 7 });
    const b = toleranceAgreement(marks, 500, { resamples: 500, seed: 7 });
    expect(a.agreement).toEqual(b.agreement);
    expect(a.agreement.low!).toBeLessThanOrEqual(3 / 7);
    expect(a.agreement.high!).toBeGreaterThanOrEqual(3 / 7);
  });

  it('widens agreement as the tolerance grows', () => {
    expect(toleranceAgreement(marks, 0, { resamples: 0 }).withinTolerance).toBe(0);
    expect(toleranceAgreement(marks, 1500, { resamples: 0 }).withinTolerance).toBe(4);
  });

  it('refuses a negative tolerance', () => {
    expect(() => toleranceAgreement(marks, -1)).toThrow(/tolerance/);
  });
});
