import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap';
import { clusterSumsBootstrap } from './cluster-sums-bootstrap';
import { mulberry32, randomIndex } from './prng';
import { quantileType7 } from './quantile';

describe('clusterSumsBootstrap', () => {
  // 30 rows in 12 clusters of 1–4 rows, values 0/1, in two groups.
  const rows = Array.from({ length: 30 }, (_, i) => ({
    cluster: `c${i % 12}`,
    group: i % 3 === 0 ? 'a' : 'b',
    value: (i * 7) % 5 < 2 ? 1 : 0,
  }));
  const clusters = [...new Set(rows.map((r) => r.cluster))].map((c) => {
    const mine = rows.filter((r) => r.cluster === c);
    const sums = (g: string) => [
      mine.filter((r) => r.group === g).length,
      mine.filter((r) => r.group === g && r.value === 1).length,
    ];
    return Float64Array.from([...sums('a'), ...sums('b')]);
  });

  it('draws the same clusters as clusterBootstrap: the same interval for a mean', () => {
    const mean = (sample: typeof rows) => sample.reduce((s, r) => s + r.value, 0) / sample.length;
    const direct = clusterBootstrap(rows, (r) => r.cluster, mean, { resamples: 2000, seed: 5 });
    const [fast] = clusterSumsBootstrap(clusters, [(t) => (t[1] + t[3]) / (t[0] + t[2])], { resamples: 2000, seed: 5 });
    expect(fast.estimate).toBeCloseTo(direct.estimate!, 14);
    expect(fast.low).toBeCloseTo(direct.low!, 14);
    expect(fast.high).toBeCloseTo(direct.high!, 14);
  });

  it('and for a difference of two groups’ rates and a group’s rate at once, with the same undefined resamples', () => {
    const diff = (sample: typeof rows) => {
      const share = (g: string) => {
        const mine = sample.filter((r) => r.group === g);
        return mine.length ? mine.filter((r) => r.value === 1).length / mine.length : Number.NaN;
      };
      return share('a') - share('b');
    };
    const direct = clusterBootstrap(rows, (r) => r.cluster, diff, { resamples: 1000, seed: 2, confidence: 0.9 });
    const share = (sample: typeof rows) =>
      sample.filter((r) => r.group === 'a' && r.value === 1).length / sample.filter((r) => r.group === 'a').length;
    const directShare = clusterBootstrap(rows, (r) => r.cluster, share, { resamples: 1000, seed: 2, confidence: 0.9 });
    // Both statistics from one pass of resamples: each equals its own clusterBootstrap.
    const [fast, fastShare] = clusterSumsBootstrap(clusters, [(t) => t[1] / t[0] - t[3] / t[2], (t) => t[1] / t[0]], {
      resamples: 1000,
      seed: 2,
      confidence: 0.9,
    });
    expect([fast.low, fast.high, fast.undefinedResamples]).toEqual(
      [direct.low, direct.high, direct.undefinedResamples].map((v) => expect.closeTo(v!, 14)),
    );
    expect([fastShare.low, fastShare.high]).toEqual(
      [directShare.low, directShare.high].map((v) => expect.closeTo(v!, 14)),
    );
  });

  // 40 clusters of weighted sums (fractional, so the order of additions matters); column 3 repeats column 1.
  const weighted = Array.from({ length: 40 }, (_, c) => {
    const w = 1 / (0.15 + ((c * 37) % 11) / 13);
    const y = (c * 5) % 7 < 3 ? 1 : 0;
    return Float64Array.from([w * y, w, c % 4 === 0 ? 0 : 1 / 3 + c, w]);
  });

  it('fractional sums: every resample’s totals are the drawn clusters added in the order drawn, bit for bit', () => {
    const options = { resamples: 500, seed: 9 };
    const random = mulberry32(options.seed);
    const ratios: number[] = [];
    for (let b = 0; b < options.resamples; b += 1) {
      const t = [0, 0, 0, 0];
      for (let i = 0; i < weighted.length; i += 1) {
        const c = weighted[randomIndex(random, weighted.length)];
        for (let j = 0; j < 4; j += 1) if (c[j] !== 0) t[j] += c[j];
      }
      ratios.push((t[0] + t[2]) / t[1]);
    }
    const [fast] = clusterSumsBootstrap(weighted, [(t) => (t[0] + t[2]) / t[1]], options);
    // The interval's probabilities as the bootstrap forms them from its 95% confidence ((1 − 0.95) / 2 is not 0.025).
    const [low, high] = [(1 - 0.95) / 2, (1 + 0.95) / 2];
    expect([fast.low, fast.high]).toEqual([quantileType7(ratios, low), quantileType7(ratios, high)]);
  });

  it('a column equal in every cluster to another gets the very totals of that column', () => {
    const options = { resamples: 400, seed: 3 };
    const [fromFirst, fromRepeat] = clusterSumsBootstrap(weighted, [(t) => t[0] / t[1], (t) => t[0] / t[3]], options);
    const [alone] = clusterSumsBootstrap(
      weighted.map((c) => c.slice(0, 2)),
      [(t) => t[0] / t[1]],
      options,
    );
    expect(fromRepeat).toEqual(fromFirst);
    expect(fromFirst).toEqual(alone);
    expect(fromFirst.low!).toBeLessThan(fromFirst.high!);
  });

  it('no clusters: an undefined estimate and interval', () => {
    expect(clusterSumsBootstrap([], [() => Number.NaN], { resamples: 10 })[0]).toMatchObject({
      estimate: null,
      low: null,
      high: null,
      undefinedResamples: 10,
    });
  });
});
