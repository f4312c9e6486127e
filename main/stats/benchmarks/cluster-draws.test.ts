/**
 * The kept draws against drawing afresh: the bootstraps that replay them (or multiply their multiplicities) give the
 * very intervals, bit for bit, that drawing with mulberry32 as they go gives.
 */
import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap';
import { clusterDraws, forgetClusterDraws, MAX_KEPT_DRAWS } from './cluster-draws';
import { clusterSumsBootstrap } from './cluster-sums-bootstrap';
import { mulberry32, randomIndex } from './prng';
import { quantileType7 } from './quantile';
import type { BootstrapInterval } from '../../../shared/types/bootstrap-interval';

/** clusterSumsBootstrap as it was before the draws were kept: every resample drawn from the generator as it goes. */
function drawnAfresh(
  clusters: readonly Float64Array[],
  statistics: readonly ((totals: Float64Array) => number)[],
  resamples: number,
  seed: number,
  confidence: number,
): BootstrapInterval[] {
  const width = clusters[0]?.length ?? 0;
  const totals = new Float64Array(width);
  for (const c of clusters) c.forEach((v, j) => v !== 0 && (totals[j] += v));
  const estimates = statistics.map((s) => s(totals));
  const random = mulberry32(seed);
  const values: number[][] = statistics.map(() => []);
  for (let b = 0; b < resamples; b += 1) {
    totals.fill(0);
    for (let i = 0; i < clusters.length; i += 1) {
      const drawn = clusters[randomIndex(random, clusters.length)];
      for (let j = 0; j < width; j += 1) if (drawn[j] !== 0) totals[j] += drawn[j];
    }
    statistics.forEach((s, k) => {
      const v = s(totals);
      if (Number.isFinite(v)) values[k].push(v);
    });
  }
  return statistics.map((_, k) => ({
    estimate: Number.isFinite(estimates[k]) ? estimates[k] : null,
    low: quantileType7(values[k], (1 - confidence) / 2),
    high: quantileType7(values[k], (1 + confidence) / 2),
    resamples,
    undefinedResamples: resamples - values[k].length,
    seed,
    confidence,
  }));
}

/** The 64 bits of each bound and estimate (so +0 and −0, or two close doubles, differ). */
const bits = (intervals: readonly BootstrapInterval[]) =>
  intervals.map((i) =>
    [i.estimate, i.low, i.high].map((v) => (v === null ? null : new BigUint64Array(Float64Array.of(v).buffer)[0])),
  );

/** `count` clusters of `width` sums from a seeded generator: integers in [−2, 3], or fractions when `fractional`. */
function clustersOf(seed: number, count: number, width: number, fractional: boolean): Float64Array[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () =>
    Float64Array.from({ length: width }, () => {
      const u = random();
      if (u < 0.4) return 0;
      return fractional ? (u - 0.4) * 7.3 - 1.1 : Math.floor(u * 6) - 2;
    }),
  );
}

const ratio = (t: Float64Array) => t[0] / t[1];
const difference = (t: Float64Array) => t[0] / t[1] - t[2] / t[3];

describe('kept cluster draws', () => {
  it('are the generator’s draws in order, and a resample’s multiplicities add up to the clusters drawn', () => {
    const draws = clusterDraws(11, 50, 7)!;
    const random = mulberry32(11);
    expect(Array.from(draws.indices)).toEqual(Array.from({ length: 350 }, () => randomIndex(random, 7)));
    const m = draws.multiplicities();
    for (const b of [0, 17, 49]) {
      expect(Array.from({ length: 7 }, (_, c) => m[c * 50 + b]).reduce((x, y) => x + y)).toBe(7);
      const drawn = Array.from(draws.indices.subarray(b * 7, b * 7 + 7));
      expect(m[3 * 50 + b]).toBe(drawn.filter((c) => c === 3).length);
    }
    expect(clusterDraws(11, 50, 7)).toBe(draws);
    expect(clusterDraws(1, 10_000, MAX_KEPT_DRAWS / 10_000 + 1)).toBeNull();
  });

  it('are the generator’s draws for every width of index (up to 256, 65,536 and beyond) and any seed', () => {
    for (const [seed, count] of [
      [-5, 1],
      [2 ** 31 - 1, 256],
      [3, 257],
      [4, 65_536],
      [5, 70_001],
    ]) {
      const random = mulberry32(seed);
      const expected = Array.from({ length: 3 * count }, () => randomIndex(random, count));
      expect(Array.from(clusterDraws(seed, 3, count)!.indices)).toEqual(expected);
    }
  });

  it('a thread waiting for its next job keeps the newest within its budget and draws the others again', () => {
    forgetClusterDraws();
    const old = clusterDraws(31, 1_000, 40)!;
    const newer = clusterDraws(32, 1_000, 60)!;
    newer.multiplicities();
    expect(newer.bytes()).toBe(2 * 60_000);
    forgetClusterDraws(newer.bytes());
    expect(clusterDraws(32, 1_000, 60)).toBe(newer);
    const again = clusterDraws(31, 1_000, 40)!;
    expect(again).not.toBe(old);
    expect(Array.from(again.indices)).toEqual(Array.from(old.indices));
    forgetClusterDraws();
    expect(clusterDraws(32, 1_000, 60)).not.toBe(newer);
  });

  it('give clusterSumsBootstrap the intervals of drawing afresh, bit for bit, for integer and fractional sums', () => {
    for (const [seed, count, width, resamples, confidence] of [
      [1, 200, 4, 10_000, 0.95],
      [2, 37, 4, 2_000, 0.9],
      [3, 5, 6, 999, 0.8],
      [4, 1, 4, 100, 0.95],
      [5, 300, 4, 500, 0.99],
    ]) {
      for (const fractional of [false, true]) {
        const clusters = clustersOf(seed * 13, count, width, fractional);
        const statistics = [ratio, difference, (t: Float64Array) => t[width - 1]];
        const expected = drawnAfresh(clusters, statistics, resamples, seed, confidence);
        // Twice: the first call draws and keeps, the second replays what was kept.
        for (let time = 0; time < 2; time += 1) {
          const got = clusterSumsBootstrap(clusters, statistics, { resamples, seed, confidence });
          expect(bits(got)).toEqual(bits(expected));
          expect(got.map((i) => i.undefinedResamples)).toEqual(expected.map((i) => i.undefinedResamples));
        }
      }
    }
  });

  it('give the same intervals when most clusters share a few vectors of sums (hits of tasks, grouped)', () => {
    const random = mulberry32(77);
    const patterns = [Float64Array.of(0, 3), Float64Array.of(1, 3), Float64Array.of(3, 3), Float64Array.of(2, 2)];
    const clusters = Array.from({ length: 200 }, () => patterns[Math.floor(random() ** 2 * 4)].slice());
    const expected = drawnAfresh(clusters, [ratio], 10_000, 6, 0.95);
    expect(bits(clusterSumsBootstrap(clusters, [ratio], { resamples: 10_000, seed: 6 }))).toEqual(bits(expected));
  });

  it('and clusters too many to keep are drawn as before', () => {
    const count = MAX_KEPT_DRAWS / 10_000 + 1;
    const clusters = clustersOf(9, count, 2, false);
    const options = { resamples: 10_000, seed: 4, confidence: 0.95 };
    expect(bits(clusterSumsBootstrap(clusters, [ratio], options))).toEqual(
      bits(drawnAfresh(clusters, [ratio], 10_000, 4, 0.95)),
    );
  });

  it('give clusterBootstrap the interval of drawing afresh, bit for bit', () => {
    const random = mulberry32(21);
    const rows = Array.from({ length: 400 }, () => ({ cluster: `c${Math.floor(random() * 90)}`, value: random() * 3 }));
    const mean = (sample: { value: number }[]) => sample.reduce((s, r) => s + r.value, 0) / sample.length;
    const groups = [...new Set(rows.map((r) => r.cluster))].map((c) => rows.filter((r) => r.cluster === c));
    const draw = mulberry32(8);
    const values = Array.from({ length: 3000 }, () =>
      mean(Array.from({ length: groups.length }, () => groups[randomIndex(draw, groups.length)]).flat()),
    );
    const expected = { low: quantileType7(values, 0.025), high: quantileType7(values, 0.975) };
    for (let time = 0; time < 2; time += 1) {
      const got = clusterBootstrap(rows, (r) => r.cluster, mean, { resamples: 3000, seed: 8 });
      expect(bits([{ ...got, estimate: null }])).toEqual(bits([{ ...got, estimate: null, ...expected }]));
    }
  });
});
