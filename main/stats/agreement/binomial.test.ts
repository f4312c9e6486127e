import { describe, expect, it } from 'vitest';
import { binomialByInversion, binomialShape } from './binomial';

/** The exact Binomial(n, p) probability of k, by the product formula (independent of the sampler's log table). */
function pmf(n: number, p: number, k: number): number {
  let logC = 0;
  for (let i = 1; i <= k; i++) logC += Math.log((n - k + i) / i);
  return Math.exp(logC + k * Math.log(p) + (n - k) * Math.log1p(-p));
}

describe('binomial draws by inversion from the mode', () => {
  it('maps u to the exact quantiles of the distribution', () => {
    // Inversion is exact: the probability of each outcome is the length of the u-interval mapped to it.
    for (const [n, p] of [
      [10, 0.3],
      [57, 0.02],
      [400, 0.5],
      [10_000, 0.137],
    ] as const) {
      const steps = 20_000;
      const counts = new Map<number, number>();
      for (let i = 0; i < steps; i++) {
        const k = binomialByInversion(n, binomialShape(p), (i + 0.5) / steps);
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      for (const [k, c] of counts)
        if (pmf(n, p, k) > 0.01) expect(Math.abs(c / steps - pmf(n, p, k))).toBeLessThan(2 / steps);
    }
  });

  it('handles the edges: p = 0, p = 1, n = 0', () => {
    const draw = (n: number, p: number) => binomialByInversion(n, binomialShape(p), 0.5);
    expect([draw(9, 0), draw(9, 1), draw(0, 0.5)]).toEqual([0, 9, 0]);
  });
});
