import { describe, expect, it } from 'vitest';
import { quantileType7, summarizeLatency } from './quantile';

describe('quantileType7', () => {
  it('matches numpy.percentile (linear, type 7) on a small array', () => {
    // numpy.percentile([15, 20, 35, 40, 50], [0, 25, 40, 50, 95, 100]) = [15, 20, 29, 35, 48, 50]
    // e.g. p = 0.40: h = 4·0.4 = 1.6 → 20 + 0.6·(35 − 20) = 29;  p = 0.95: h = 3.8 → 40 + 0.8·10 = 48.
    const values = [40, 15, 50, 35, 20]; // unsorted on purpose
    expect([0, 0.25, 0.4, 0.5, 0.95, 1].map((p) => quantileType7(values, p))).toEqual([15, 20, 29, 35, 48, 50]);
  });
  it('matches numpy on 1..10 at 5 %, 50 %, 90 %, 95 % (1.45, 5.5, 9.1, 9.55)', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const got = [0.05, 0.5, 0.9, 0.95].map((p) => quantileType7(values, p) ?? NaN);
    [1.45, 5.5, 9.1, 9.55].forEach((want, i) => expect(got[i]).toBeCloseTo(want, 12));
  });
  it('handles one value, no values and bad p', () => {
    expect(quantileType7([7], 0.95)).toBe(7);
    expect(quantileType7([], 0.5)).toBeNull();
    expect(() => quantileType7([1], 1.5)).toThrow(RangeError);
  });
});

describe('summarizeLatency', () => {
  it('gives p50 / mean / p95 of the present values and counts the missing', () => {
    // sorted 100, 200, 300, 400: p50 h = 1.5 → 250; mean 250; p95 h = 2.85 → 300 + 0.85·100 = 385.
    const s = summarizeLatency([300, null, 100, 200, 400]);
    expect(s.n).toBe(4);
    expect(s.missing).toBe(1);
    expect(s.p50).toBe(250);
    expect(s.mean).toBe(250);
    expect(s.p95).toBeCloseTo(385, 10);
  });
});
