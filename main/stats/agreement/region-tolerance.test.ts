/** Region tolerance agreement on a hand example written out below. */
import { describe, expect, it } from 'vitest';
import { regionToleranceAgreement, type TimedRegion } from './region-tolerance';

const r = (startMs: number, endMs: number, category = 'overlap'): TimedRegion => ({ startMs, endMs, category });

describe('regionToleranceAgreement', () => {
  // Item 1, two raters: A has overlap 1000–2000 and 5000–6000; B has overlap 1200–2100 and 9000–9500, and a
  // "silence" region A does not have. At ±250 ms, A's first matches B's first (Δ 200, 100); nothing else matches.
  // Item 2: both rated, no region at all. Item 3: only A rated.
  const items = [
    [
      [r(1000, 2000), r(5000, 6000)],
      [r(1200, 2100), r(9000, 9500), r(3000, 3500, 'silence')],
    ],
    [[], []],
    [[r(0, 100)], null],
  ];

  it('matches regions of one category within the tolerance, one to one', () => {
    const [overlap, silence] = regionToleranceAgreement(items, 250);
    expect(overlap).toMatchObject({ category: 'overlap', regions: 4, matched: 1, bothAbsent: 1, oneAbsent: 0 });
    expect(overlap.agreement).toBe(0.5);
    expect(overlap.medianOnsetDifferenceMs).toBe(200);
    expect(silence).toMatchObject({ category: 'silence', regions: 1, matched: 0, bothAbsent: 1, oneAbsent: 1 });
    expect(silence.agreement).toBe(0);
  });

  it('needs both the start and the end within the tolerance', () => {
    expect(regionToleranceAgreement(items, 150)[0].matched).toBe(0);
  });

  it('matches each region at most once', () => {
    const twice = [[[r(0, 1000)], [r(0, 1000), r(10, 1010)]]];
    const [row] = regionToleranceAgreement(twice, 50);
    expect(row.matched).toBe(1);
    expect(row.agreement).toBeCloseTo(2 / 3, 12);
  });
});
