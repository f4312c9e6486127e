import { describe, expect, it } from 'vitest';
import { drawMultinomialResample, multinomialPlan } from './multinomial';
import { mix32, mulberry32 } from './prng';

/** The item-by-item resample the multinomial replaces: N indices floor(u · N / 2³²), one count per draw. */
function drawItems(state: number, pool: Int32Array, weights: Float64Array): number {
  weights.fill(0);
  let s = state;
  for (let i = 0; i < pool.length; i++) {
    s = (s + 0x6d2b79f5) | 0;
    weights[pool[Math.floor((mix32(s) * pool.length) / 4294967296)]]++;
  }
  return s;
}

describe('multinomial resamples', () => {
  it('have the mean and variance of resampling the items one by one (N p and N p (1 − p))', () => {
    const counts = Float64Array.from([500, 300, 150, 40, 10]);
    const n = 1000;
    const resamples = 20_000;
    const sums = new Float64Array(5);
    const squares = new Float64Array(5);
    const w = new Float64Array(5);
    let state = 17;
    for (let b = 0; b < resamples; b++) {
      state = drawMultinomialResample(state, multinomialPlan(counts), w);
      expect(w.reduce((s, x) => s + x, 0)).toBe(n);
      for (let p = 0; p < 5; p++) {
        sums[p] += w[p];
        squares[p] += w[p] * w[p];
      }
    }
    counts.forEach((c, p) => {
      const share = c / n;
      const mean = sums[p] / resamples;
      const variance = squares[p] / resamples - mean * mean;
      expect(Math.abs(mean - n * share)).toBeLessThan(4 * Math.sqrt((n * share * (1 - share)) / resamples));
      expect(variance / (n * share * (1 - share))).toBeGreaterThan(0.95);
      expect(variance / (n * share * (1 - share))).toBeLessThan(1.05);
    });
  });

  it('agree in distribution with item-by-item draws (two-sample comparison of a count’s quantiles)', () => {
    const pool = Int32Array.from({ length: 300 }, (_, i) => (i < 200 ? 0 : i < 290 ? 1 : 2));
    const counts = Float64Array.from([200, 90, 10]);
    const a: number[] = [];
    const b: number[] = [];
    const w = new Float64Array(3);
    let s1 = 5;
    let s2 = 6;
    for (let i = 0; i < 5000; i++) {
      s1 = drawItems(s1, pool, w);
      a.push(w[2]);
      s2 = drawMultinomialResample(s2, multinomialPlan(counts), w);
      b.push(w[2]);
    }
    const q = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.floor(p * (xs.length - 1))];
    for (const p of [0.05, 0.25, 0.5, 0.75, 0.95]) expect(Math.abs(q(a, p) - q(b, p))).toBeLessThanOrEqual(1);
  });

  it('is reproducible by seed and continues the mulberry32 stream (one output per item when drawn one by one)', () => {
    const counts = Float64Array.from([1, 1, 1]); // N = 3: K + 2√N ≥ N, so every item is drawn from the alias table
    const [w1, w2] = [new Float64Array(3), new Float64Array(3)];
    const s1 = drawMultinomialResample(99, multinomialPlan(counts), w1);
    drawMultinomialResample(99, multinomialPlan(counts), w2);
    expect(w2).toEqual(w1);
    const next = mulberry32(99);
    next();
    next();
    next();
    expect(mulberry32(s1)()).toBe(next());
  });

  it('follow the exact Multinomial(N, p) law through the Poisson stage, its redraws and the top-up', () => {
    // N = 10 over shares 6:3:1 takes the Poisson path (λ = 10 − 2√10 ≈ 3.68); every outcome's frequency over 200,000
    // resamples must lie within 5 standard errors of its multinomial probability N! Π p^x / x!.
    const counts = Float64Array.from([6, 3, 1]);
    const plan = multinomialPlan(counts);
    expect(plan.poisson).not.toBeNull();
    const resamples = 200_000;
    const seen = new Map<string, number>();
    const w = new Float64Array(3);
    let state = 3;
    for (let b = 0; b < resamples; b++) {
      state = drawMultinomialResample(state, plan, w);
      seen.set(w.join(','), (seen.get(w.join(',')) ?? 0) + 1);
    }
    const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
    let covered = 0;
    for (let a = 0; a <= 10; a++) {
      for (let b = 0; a + b <= 10; b++) {
        const c = 10 - a - b;
        const p = (fact(10) / (fact(a) * fact(b) * fact(c))) * 0.6 ** a * 0.3 ** b * 0.1 ** c;
        covered += p;
        const freq = (seen.get(`${a},${b},${c}`) ?? 0) / resamples;
        expect(Math.abs(freq - p)).toBeLessThanOrEqual(5 * Math.sqrt((p * (1 - p)) / resamples) + 1e-6);
      }
    }
    expect(covered).toBeCloseTo(1, 12);
    expect([...seen.keys()].every((k) => k.split(',').reduce((s, x) => s + Number(x), 0) === 10)).toBe(true);
  });

  it('draw a given total from masses that do not sum to it (the Hayes–Krippendorff pairs)', () => {
    const plan = multinomialPlan(Float64Array.from([0.5, 1.25, 2.25]), 40);
    const w = new Float64Array(3);
    let state = 8;
    const sums = new Float64Array(3);
    for (let b = 0; b < 20_000; b++) {
      state = drawMultinomialResample(state, plan, w);
      expect(w[0] + w[1] + w[2]).toBe(40);
      for (let i = 0; i < 3; i++) sums[i] += w[i];
    }
    [0.125, 0.3125, 0.5625].forEach((p, i) => expect(sums[i] / 20_000 / 40).toBeCloseTo(p, 2));
  });
});
