import { describe, expect, it } from 'vitest';
import { probe } from './make-probe';
import { latencyBySystem, qualityAdjustedLatency } from './quality-adjusted-latency';

describe('qualityAdjustedLatency', () => {
  it('is L / a^γ', () => {
    expect(qualityAdjustedLatency(800, 0.5)).toBe(1600); // γ = 1: 800 / 0.5
    expect(qualityAdjustedLatency(800, 0.5, 2)).toBe(3200); // 800 / 0.25
    expect(qualityAdjustedLatency(800, 0.25, 0.5)).toBe(1600); // 800 / √0.25
    expect(qualityAdjustedLatency(800, 0, 0)).toBe(800); // γ = 0: latency only
    expect(qualityAdjustedLatency(800, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(() => qualityAdjustedLatency(800, 1.2)).toThrow(RangeError);
    expect(() => qualityAdjustedLatency(800, 0.5, -1)).toThrow(RangeError);
  });
});

describe('latencyBySystem', () => {
  // first-audio delays 100, 200, 300, 400 ms + one unmeasured: p50 250, mean 250, p95 385 (type 7).
  // accuracy: 3 right of 4 answerable (the fifth probe is unanswerable) = 0.75.
  // QAL(p50, γ = 1) = 250 / 0.75 = 333.33…;  QAL(p95, γ = 2) = 385 / 0.5625 = 684.44…
  const probes = [
    probe({ firstAudioMs: 300 }), probe({ firstAudioMs: 100 }), probe({ firstAudioMs: 400, correct: false }), probe({ firstAudioMs: 200 }),
    probe({ firstAudioMs: null, answerable: false, refused: true, correct: false }),
  ];

  it('summarises first-audio delay and combines it with accuracy', () => {
    const [row] = latencyBySystem(probes);
    expect(row.firstAudio).toEqual({ n: 4, missing: 1, p50: 250, mean: 250, p95: expect.closeTo(385, 10) });
    expect(row.accuracy).toBe(0.75);
    expect(row.qal).toBeCloseTo(1000 / 3, 10);
    expect(latencyBySystem(probes, { statistic: 'p95', gamma: 2 })[0].qal).toBeCloseTo(385 / 0.5625, 8);
  });

  it('gives null QAL without latencies', () => {
    expect(latencyBySystem([probe({})])[0].qal).toBeNull();
  });
});
