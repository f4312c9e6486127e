import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap';
import { clusterSumsBootstrap } from './cluster-sums-bootstrap';

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

  it('no clusters: an undefined estimate and interval', () => {
    expect(clusterSumsBootstrap([], [() => Number.NaN], { resamples: 10 })[0]).toMatchObject({
      estimate: null,
      low: null,
      high: null,
      undefinedResamples: 10,
    });
  });
});
