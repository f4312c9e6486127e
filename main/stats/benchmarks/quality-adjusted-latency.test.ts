import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap';
import { probe } from './make-probe';
import { latencyBySystem, qualityAdjustedLatency } from './quality-adjusted-latency';

describe('qualityAdjustedLatency (DSB-DG, Mathur et al.: QAL = p50 FTED × (1 − GA at T3))', () => {
  it('reproduces the paper’s latency table: Cascaded 143, GPT-Realtime 150 (rounded up to whole ms)', () => {
    // 1469 × (1 − 0.903) = 1469 × 0.097 = 142.493 → 143; 1214 × (1 − 0.877) = 1214 × 0.123 = 149.322 → 150.
    expect(qualityAdjustedLatency(1469, 0.903)).toBeCloseTo(142.493, 9);
    expect(qualityAdjustedLatency(1214, 0.877)).toBeCloseTo(149.322, 9);
    expect(Math.ceil(qualityAdjustedLatency(1469, 0.903))).toBe(143);
    expect(Math.ceil(qualityAdjustedLatency(1214, 0.877))).toBe(150);
    // Lower is better: Cascaded ranks ahead of GPT-Realtime, as in the paper.
    expect(qualityAdjustedLatency(1469, 0.903)).toBeLessThan(qualityAdjustedLatency(1214, 0.877));
  });

  it('is the latency at GA 0 and 0 at GA 1; refuses an accuracy outside [0, 1]', () => {
    expect(qualityAdjustedLatency(800, 0)).toBe(800);
    expect(qualityAdjustedLatency(800, 1)).toBe(0);
    expect(() => qualityAdjustedLatency(800, 1.2)).toThrow(RangeError);
  });
});

describe('latencyBySystem', () => {
  // FTED 100, 200, 300, 400 ms + one unmeasured: p50 250, mean 250, p95 385 (type 7), over every tier.
  // GA at T3: 3 of 4 answerable T3 probes grounded (the T1 probe is wrong, the unanswerable T3 probe is not counted).
  // QAL = 250 × (1 − 0.75) = 62.5 ms.
  const probes = [
    probe({ tier: 'T3', script: 'a', firstAudioMs: 300 }), probe({ tier: 'T3', script: 'a', firstAudioMs: 100 }),
    probe({ tier: 'T3', script: 'b', firstAudioMs: 400, correct: false }), probe({ tier: 'T3', script: 'b', firstAudioMs: null }),
    probe({ tier: 'T1', script: 'b', firstAudioMs: 200, correct: false }),
    probe({ tier: 'T3', script: 'b', answerable: false, refused: true, correct: false }),
  ];

  it('summarises FTED over all probes and weights its median by the ungrounded share at T3', () => {
    const [row] = latencyBySystem(probes, { resamples: 300 });
    expect(row.firstAudio).toEqual({ n: 4, missing: 2, p50: 250, mean: 250, p95: expect.closeTo(385, 10) });
    expect(row.accuracyT3).toEqual({ numerator: 3, denominator: 4, value: 0.75 });
    expect(row.qal).toBe(62.5);
  });

  it('bootstraps the QAL over scripts; null without T3 probes or without latencies', () => {
    const stat = (x: typeof probes) => {
      const times = x.flatMap((p) => (p.firstAudioMs === null ? [] : [p.firstAudioMs])).sort((a, b) => a - b);
      const h = (times.length - 1) / 2;
      const p50 = times[Math.floor(h)] + (h - Math.floor(h)) * (times[Math.ceil(h)] - times[Math.floor(h)]);
      const t3 = x.filter((p) => p.tier === 'T3' && p.answerable);
      return times.length && t3.length ? p50 * (1 - t3.filter((p) => p.correct).length / t3.length) : Number.NaN;
    };
    expect(latencyBySystem(probes, { resamples: 300 })[0].interval).toEqual(clusterBootstrap(probes, (p) => p.script, stat, { resamples: 300 }));
    expect(latencyBySystem([probe({ tier: 'T1', firstAudioMs: 500 })], { resamples: 10 })[0].qal).toBeNull();
    expect(latencyBySystem([probe({ tier: 'T3' })], { resamples: 10 })[0].qal).toBeNull();
  });
});
