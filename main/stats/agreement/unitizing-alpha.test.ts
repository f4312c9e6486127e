/**
 * αu against DKPro Agreement's own tests (github.com/dkpro/dkpro-statistics, dkpro-statistics-agreement,
 * unitizing/Krippendorff1995Test.java and Krippendorff2004Test.java), which reproduce the worked examples of
 * Krippendorff (1995, p. 57) and Krippendorff (2004, p. 254), with DKPro's tolerances.
 */
import { describe, expect, it } from 'vitest';
import {
  unitizingAlpha,
  unitizingCategoryDisagreement,
  unitizingDistance,
  type UnitizingStudy,
} from './unitizing-alpha';

/** Krippendorff (1995, p. 57): four pairs of coders on a continuum of 24, stretched as DKPro's createExample. */
function example1995(stretch: number): UnitizingStudy {
  const s = (x: number) => Math.trunc(x * stretch);
  const units: [number, number, number, string][] = [
    [2, 8, 0, 'A'],
    [14, 6, 0, 'A'],
    [4, 4, 1, 'A'],
    [15, 2, 1, 'A'],
    [0, 18, 0, 'B'],
    [0, 2, 1, 'B'],
    [2, 1, 1, 'B'],
    [3, 1, 1, 'B'],
    [4, 1, 1, 'B'],
    [5, 1, 1, 'B'],
    [6, 3, 1, 'B'],
    [9, 1, 1, 'B'],
    [2, 6, 0, 'C'],
    [10, 2, 0, 'C'],
    [14, 4, 0, 'C'],
    [20, 2, 0, 'C'],
    [0, 2, 1, 'C'],
    [4, 4, 1, 'C'],
    [10, 4, 1, 'C'],
    [16, 2, 1, 'C'],
    [20, 2, 1, 'C'],
    [0, 2, 0, 'D'],
    [2, 8, 0, 'D'],
    [10, 4, 0, 'D'],
    [14, 6, 0, 'D'],
    [20, 4, 0, 'D'],
    [0, 4, 1, 'D'],
    [4, 4, 1, 'D'],
    [8, 7, 1, 'D'],
    [15, 2, 1, 'D'],
    [17, 7, 1, 'D'],
  ];
  return {
    begin: 0,
    length: s(24),
    raters: 2,
    units: units.map(([b, l, rater, category]) => ({ begin: s(b), length: s(l), rater, category })),
  };
}

/** Krippendorff (2004, p. 254): two observers, categories c and k, continuum 150 … 450. */
const example2004: UnitizingStudy = {
  begin: 150,
  length: 300,
  raters: 2,
  units: [
    { begin: 225, length: 70, rater: 0, category: 'c' },
    { begin: 370, length: 30, rater: 0, category: 'c' },
    { begin: 220, length: 80, rater: 1, category: 'c' },
    { begin: 355, length: 20, rater: 1, category: 'c' },
    { begin: 400, length: 20, rater: 1, category: 'c' },
    { begin: 180, length: 60, rater: 0, category: 'k' },
    { begin: 300, length: 50, rater: 0, category: 'k' },
    { begin: 180, length: 60, rater: 1, category: 'k' },
    { begin: 300, length: 50, rater: 1, category: 'k' },
  ],
};

describe('unitizingDistance (DKPro Krippendorff2004Test.testDistanceMetric1/2)', () => {
  it('gives the distances of Krippendorff (2004)', () => {
    expect(unitizingDistance(2, 3, false, 2, 2, true) + unitizingDistance(5, 6, true, 4, 7, false)).toBe(40);
    expect(unitizingDistance(3, 2, false, 3, 2, true) + unitizingDistance(5, 6, true, 5, 6, false)).toBe(40);
    expect(unitizingDistance(5, 6, true, 4, 2, true)).toBe(26);
    expect(unitizingDistance(5, 6, true, 5, 2, true)).toBe(16);
    expect(unitizingDistance(5, 6, true, 6, 2, true)).toBe(10);
    expect(unitizingDistance(5, 6, true, 7, 2, true)).toBe(8);
    expect(unitizingDistance(5, 6, true, 6, 4, true)).toBe(2);
    expect(unitizingDistance(5, 6, true, 5, 6, true)).toBe(0);
    expect(unitizingDistance(225, 70, true, 220, 80, true)).toBe(50);
    expect(unitizingDistance(370, 30, true, 355, 20, true)).toBe(850);
    expect(unitizingDistance(400, 50, false, 400, 20, true)).toBe(400);
  });
});

describe('unitizingAlpha, Krippendorff (2004, p. 254) as DKPro tests it', () => {
  it('gives αu = 0.8591 overall and 0.7286 (c), 1 (k) per category', () => {
    const r = unitizingAlpha(example2004);
    expect(r.alpha!).toBeCloseTo(0.8591, 3);
    const [c, k] = r.categories;
    expect(c.category).toBe('c');
    expect(Math.abs(c.observed - 0.0144)).toBeLessThan(1e-4);
    expect(Math.abs(c.expected - 0.0532)).toBeLessThan(1e-4);
    expect(Math.abs(c.alpha! - 0.7286)).toBeLessThan(1e-4);
    expect(Math.abs(k.observed)).toBeLessThan(1e-4);
    expect(Math.abs(k.expected - 0.049)).toBeLessThan(1e-4);
    expect(k.alpha).toBe(1);
  });
});

describe('unitizingAlpha, Krippendorff (1995, p. 57) as DKPro tests it (Krippendorff1995Test)', () => {
  it('gives the observed disagreements of the four pairs of coders', () => {
    const study = example1995(1);
    const observed = (c: string) => unitizingCategoryDisagreement(study, c).observed;
    expect(Math.abs(observed('A') - 0.03125)).toBeLessThan(1e-5);
    expect(Math.abs(observed('B') - 2.26736)).toBeLessThan(1e-5);
    expect(Math.abs(observed('C') - 0.02777)).toBeLessThan(1e-5);
    expect(Math.abs(observed('D') - 0.38715)).toBeLessThan(1e-5);
  });

  it('gives the expected disagreements and αu of the stretched continuum (50,000 positions per unit)', () => {
    const r = unitizingAlpha(example1995(1200000 / 24));
    const want: Record<string, [number, number]> = {
      A: [0.0699, 0.553],
      B: [1.17731, -0.926],
      C: [0.08642, 0.679],
      D: [0.41445, 0.066],
    };
    for (const row of r.categories) {
      const [expected, alpha] = want[row.category];
      expect(Math.abs(row.expected - expected)).toBeLessThan(0.005);
      expect(Math.abs(row.alpha! - alpha)).toBeLessThan(0.02);
    }
  });

  it('gives D_E of category C at every stretch of testVaryingLengths', () => {
    const cases: [number, number, number, number][] = [
      [12, 0.05494, 0.494, 0.00001],
      [120, 0.08234, 0.663, 0.005],
      [1200, 0.086, 0.677, 0.005],
      [12000, 0.08638, 0.678, 0.005],
      [120000, 0.08642, 0.679, 0.005],
    ];
    for (const [total, expected, alpha, tolerance] of cases) {
      const study = example1995(total / 24);
      const d = unitizingCategoryDisagreement(study, 'C');
      expect(Math.abs(d.observed - 0.02777)).toBeLessThan(1e-5);
      expect(Math.abs(d.expected - expected)).toBeLessThan(tolerance);
      const row = unitizingAlpha(study).categories.find((c) => c.category === 'C')!;
      expect(Math.abs(row.alpha! - alpha)).toBeLessThan(0.02);
    }
  });

  it('refuses overlapping units of one rater and category', () => {
    const units = [
      { begin: 0, length: 5, rater: 0, category: 'x' },
      { begin: 3, length: 5, rater: 0, category: 'x' },
    ];
    expect(() => unitizingAlpha({ begin: 0, length: 10, raters: 2, units })).toThrow(/overlap at 3/);
  });
});
