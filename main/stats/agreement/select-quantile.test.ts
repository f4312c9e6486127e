import { describe, expect, it } from 'vitest';
import { quantileBySelection } from './select-quantile';
import { mulberry32 } from './prng';

/** The type-7 quantile of ascending values, as its definition states it (Hyndman & Fan 1996): the test's oracle. */
function sortedQuantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]);
}

describe('quantiles by selection', () => {
  it('interpolates linearly like R quantile(type = 7) and numpy.percentile', () => {
    const q = (p: number) => quantileBySelection(Float64Array.from([4, 2, 1, 3]), 4, p);
    expect(q(0.25)).toBeCloseTo(1.75, 12); // numpy.percentile([1,2,3,4], 25) = 1.75
    expect(q(0.5)).toBeCloseTo(2.5, 12);
    expect(q(0.975)).toBeCloseTo(3.925, 12);
    expect([q(0), q(1)]).toEqual([1, 4]);
  });

  it('equal the sorted type-7 quantiles on random draws with ties, for the percentile interval’s p and others', () => {
    const next = mulberry32(3);
    for (const n of [1, 2, 3, 10, 101, 10_000]) {
      const values = Float64Array.from({ length: n }, () => Math.round((next() / 2 ** 32) * 50) / 10);
      const sorted = Float64Array.from(values).sort();
      for (const p of [0, 0.025, 0.5, 0.975, 1])
        expect(quantileBySelection(Float64Array.from(values), n, p)).toBe(sortedQuantile(sorted, p));
    }
  });

  it('is NaN for no values', () => {
    expect(quantileBySelection(new Float64Array(0), 0, 0.5)).toBeNaN();
  });
});
