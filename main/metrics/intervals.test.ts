/** meanInterval's sums path against the row-building cluster bootstrap it replaces for integer values. */
import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from '../stats/benchmarks/index';
import { mulberry32 } from '../stats/benchmarks/prng';
import { meanInterval, type Observation } from './intervals';

const mean = (rows: Observation[]) => (rows.length ? rows.reduce((s, o) => s + o.value, 0) / rows.length : Number.NaN);

function observations(seed: number, n: number, clusters: number, values: (u: number) => number): Observation[] {
  const random = mulberry32(seed);
  return Array.from({ length: n }, () => ({
    cluster: `t${Math.floor(random() * clusters)}`,
    value: values(random()),
  }));
}

describe('meanInterval', () => {
  it('gives exactly the interval of clusterBootstrap for hits and for differences of hits', () => {
    for (const [seed, n, clusters] of [
      [1, 40, 7],
      [2, 300, 50],
      [3, 5, 5],
      [4, 1000, 3],
    ]) {
      for (const values of [(u: number) => (u < 0.3 ? 1 : 0), (u: number) => Math.floor(u * 3) - 1]) {
        const rows = observations(seed, n, clusters, values);
        const options = { resamples: 2000, seed: seed * 7, confidence: 0.9 };
        expect(meanInterval(rows, options)).toEqual(clusterBootstrap(rows, (o) => o.cluster, mean, options));
      }
    }
  });

  it('falls back to clusterBootstrap for fractional values, and gives null bounds for no observations', () => {
    const rows = observations(5, 60, 9, (u) => u * 30);
    const options = { resamples: 500, seed: 3 };
    expect(meanInterval(rows, options)).toEqual(clusterBootstrap(rows, (o) => o.cluster, mean, options));
    expect(meanInterval([], options)).toMatchObject({ estimate: null, low: null, high: null, undefinedResamples: 500 });
  });
});
