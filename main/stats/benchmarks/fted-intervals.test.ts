/** FTED intervals: the same estimates as the FTED summary, resampled by script, undefined without a timed probe. */
import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap';
import { ftedIntervals } from './fted-intervals';
import { probe } from './make-probe';
import { quantileType7 } from './quantile';

describe('ftedIntervals', () => {
  // Six scripts of three probes, FTED 100–1,800 ms rising with the script; one probe untimed.
  const probes = Array.from({ length: 18 }, (_, i) =>
    probe({ script: `s${Math.floor(i / 3)}`, firstAudioMs: i === 4 ? null : 100 * (i + 1) }),
  );

  it('estimates p50, mean and p95 as the summary does, each bracketed by its interval', () => {
    const i = ftedIntervals(probes, { resamples: 400, seed: 2 });
    const ms = probes.flatMap((p) => (p.firstAudioMs === null ? [] : [p.firstAudioMs]));
    expect(i.p50.estimate).toBe(quantileType7(ms, 0.5));
    expect(i.mean.estimate).toBeCloseTo(ms.reduce((a, b) => a + b, 0) / ms.length, 9);
    expect(i.p95.estimate).toBe(quantileType7(ms, 0.95));
    for (const x of [i.p50, i.mean, i.p95]) {
      expect(x.low!).toBeLessThan(x.estimate!);
      expect(x.high!).toBeGreaterThan(x.estimate!);
    }
    expect(i.p95.low!).toBeGreaterThan(i.p50.low!);
  });

  it('resamples whole scripts: the p50 interval is the cluster bootstrap of that median', () => {
    const options = { resamples: 300, seed: 5 };
    const median = (rows: typeof probes) =>
      quantileType7(rows.flatMap((p) => (p.firstAudioMs === null ? [] : [p.firstAudioMs])), 0.5) ?? Number.NaN;
    expect(ftedIntervals(probes, options).p50).toEqual(clusterBootstrap(probes, (p) => p.script, median, options));
  });

  it('counts a resample of untimed scripts as undefined', () => {
    const two = [probe({ script: 'a', firstAudioMs: 500 }), probe({ script: 'b', firstAudioMs: null })];
    const { mean } = ftedIntervals(two, { resamples: 400, seed: 1 });
    // Both draws fall on script b with probability 1/4.
    expect(mean.undefinedResamples).toBeGreaterThan(50);
    expect(mean.undefinedResamples).toBeLessThan(150);
    expect([mean.low, mean.high]).toEqual([500, 500]);
  });
});
