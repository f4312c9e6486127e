import { describe, expect, it } from 'vitest';
import { paretoFrontier } from './pareto';

describe('paretoFrontier', () => {
  it('keeps the systems no other beats on both latency and accuracy (hand-worked)', () => {
    // A 300 ms 0.40, B 800 ms 0.70, C 900 ms 0.60 (B is faster and more accurate), D 2000 ms 0.90,
    // E 300 ms 0.30 (A is as fast and more accurate).
    const points = [
      { latency: 300, accuracy: 0.4 },
      { latency: 800, accuracy: 0.7 },
      { latency: 900, accuracy: 0.6 },
      { latency: 2000, accuracy: 0.9 },
      { latency: 300, accuracy: 0.3 },
    ];
    expect(paretoFrontier(points)).toEqual([true, true, false, true, false]);
  });

  it('keeps two systems tied on both, and a lone system', () => {
    expect(
      paretoFrontier([
        { latency: 500, accuracy: 0.5 },
        { latency: 500, accuracy: 0.5 },
      ]),
    ).toEqual([true, true]);
    expect(paretoFrontier([{ latency: 1, accuracy: 0 }])).toEqual([true]);
  });
});
