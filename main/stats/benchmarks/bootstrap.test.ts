import { describe, expect, it } from 'vitest';
import { clusterBootstrap, percentileBootstrap } from './bootstrap';

const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('percentileBootstrap', () => {
  // 103 successes of 200 (the regular τ-Elicitation cell): normal approximation 0.515 ± 1.96·√(0.515·0.485/200)
  // = 0.515 ± 0.0693 → [0.446, 0.584]; the percentile interval must land within 0.015 of both ends.
  const data = Array.from({ length: 200 }, (_, i) => (i < 103 ? 1 : 0));

  it('agrees with the normal approximation for a proportion', () => {
    const ci = percentileBootstrap(data, mean, { resamples: 4000, seed: 11 });
    expect(ci.estimate).toBe(0.515);
    expect(Math.abs((ci.low ?? NaN) - 0.446)).toBeLessThan(0.015);
    expect(Math.abs((ci.high ?? NaN) - 0.584)).toBeLessThan(0.015);
    expect(ci.undefinedResamples).toBe(0);
  });

  it('is reproducible for a seed and changes with the seed', () => {
    const a = percentileBootstrap(data, mean, { resamples: 500, seed: 5 });
    const b = percentileBootstrap(data, mean, { resamples: 500, seed: 5 });
    const c = percentileBootstrap(data, mean, { resamples: 500, seed: 6 });
    expect(b).toEqual(a);
    expect([c.low, c.high]).not.toEqual([a.low, a.high]);
    expect(a.seed).toBe(5);
  });

  it('takes the type-7 quantiles (1 ∓ confidence)/2 of the resamples', () => {
    // With 41 resamples, h = 40·0.025 = 1 and 40·0.975 = 39 fall on order statistics: lower = r(1), upper = r(39) (0-based).
    const replicates: number[] = [];
    const values = Array.from({ length: 30 }, (_, i) => (i * 7919) % 101);
    const ci = percentileBootstrap(values, (sample) => {
      const m = mean(sample);
      replicates.push(m);
      return m;
    }, { resamples: 41, seed: 13 });
    const sorted = replicates.slice(0, 41).sort((a, b) => a - b); // the 42nd call is the estimate on the original data
    expect(ci.low).toBe(sorted[1]);
    expect(ci.high).toBe(sorted[39]);
    expect(sorted[2]).not.toBe(sorted[1]);
  });

  it('uses the confidence for the quantiles', () => {
    const wide = percentileBootstrap(data, mean, { resamples: 2000, seed: 2, confidence: 0.99 });
    const narrow = percentileBootstrap(data, mean, { resamples: 2000, seed: 2, confidence: 0.5 });
    expect(wide.high! - wide.low!).toBeGreaterThan(narrow.high! - narrow.low!);
    expect(() => percentileBootstrap(data, mean, { confidence: 1 })).toThrow(RangeError);
  });
});

describe('clusterBootstrap', () => {
  it('resamples whole clusters: with clusters {1,1,1,1} and {0} the row mean can only be 0, 0.8 or 1', () => {
    // two draws of two clusters: AA → 1, AB/BA → 4/5 = 0.8, BB → 0 (an i.i.d. row bootstrap would give 0.2, 0.4, 0.6 …)
    const rows = [
      { task: 'A', y: 1 }, { task: 'A', y: 1 }, { task: 'A', y: 1 }, { task: 'A', y: 1 },
      { task: 'B', y: 0 },
    ];
    const seen = new Set<number>();
    const ci = clusterBootstrap(rows, (r) => r.task, (sample) => {
      const value = mean(sample.map((r) => r.y));
      seen.add(value);
      return value;
    }, { resamples: 400, seed: 9 });
    seen.delete(0.8); // the original-data estimate
    expect([...seen].every((v) => [0, 0.8, 1].includes(v))).toBe(true);
    expect(ci.estimate).toBe(0.8);
    expect(ci.low).toBe(0);
    expect(ci.high).toBe(1);
  });

  it('draws clusters uniformly: P(one of each of two clusters) = 1/2', () => {
    let mixed = 0;
    clusterBootstrap([{ c: 'x' }, { c: 'y' }], (r) => r.c, (sample) => {
      if (new Set(sample.map((r) => r.c)).size === 2) mixed += 1;
      return 0;
    }, { resamples: 4000, seed: 4 });
    // one extra call is the estimate on the original data (which is mixed)
    expect(Math.abs((mixed - 1) / 4000 - 0.5)).toBeLessThan(0.03);
  });

  it('counts and skips non-finite resamples (P(no cluster x) = 1/4)', () => {
    const ci = clusterBootstrap([{ c: 'x', y: 1 }, { c: 'z', y: 0 }], (r) => r.c, (sample) => mean(sample.filter((r) => r.c === 'x').map((r) => r.y)), { resamples: 4000, seed: 8 });
    expect(Math.abs(ci.undefinedResamples / 4000 - 0.25)).toBeLessThan(0.03);
    expect([ci.low, ci.high]).toEqual([1, 1]);
  });
});
