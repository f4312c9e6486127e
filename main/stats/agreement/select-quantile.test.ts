import { describe, expect, it } from 'vitest';
import { quantileBySelection } from './select-quantile';
import { quantileSorted } from './bootstrap';
import { mulberry32 } from './prng';

describe('quantiles by selection', () => {
  it('equal the sorted type-7 quantiles on random draws with ties, for the percentile interval’s p and others', () => {
    const next = mulberry32(3);
    for (const n of [1, 2, 3, 10, 101, 10_000]) {
      const values = Float64Array.from({ length: n }, () => Math.round((next() / 2 ** 32) * 50) / 10);
      const sorted = Float64Array.from(values).sort();
      for (const p of [0, 0.025, 0.5, 0.975, 1])
        expect(quantileBySelection(Float64Array.from(values), n, p)).toBe(quantileSorted(sorted, p));
    }
  });

  it('is NaN for no values', () => {
    expect(quantileBySelection(new Float64Array(0), 0, 0.5)).toBeNaN();
  });
});
