import { describe, expect, it } from 'vitest';
import { allocateByWeights, neymanAllocation, proportionalAllocation } from './allocation';

describe('proportionalAllocation', () => {
  it('gives n·N_h/N when it is whole', () => {
    expect(proportionalAllocation([50, 30, 20], 10)).toEqual([5, 3, 2]);
  });

  it('rounds by largest remainder, ties to the larger stratum', () => {
    // Shares 3.5, 1, 0.5: floors 3, 1, 0 and one left for the tied remainders 0.5 — the larger stratum (7) takes it.
    expect(proportionalAllocation([7, 2, 1], 5)).toEqual([4, 1, 0]);
  });

  it('gives a minimum per stratum first, and never more than a stratum holds', () => {
    expect(proportionalAllocation([96, 2, 2], 10, 2)).toEqual([6, 2, 2]);
    expect(proportionalAllocation([3, 4], 50)).toEqual([3, 4]);
  });
});

describe('neymanAllocation', () => {
  it('gives n·N_h·S_h / Σ N_k·S_k (closed form), which has the smaller variance', () => {
    // N = 100, 100; S = 0.5, 0.1: weights 50 and 10, so 12 calls go 10 and 2.
    const sizes = [100, 100];
    const sds = [0.5, 0.1];
    const neyman = neymanAllocation(sizes, sds, 12);
    expect(neyman).toEqual([10, 2]);
    // Σ W_h²·S_h²/n_h (W_h = 1/2): Neyman 0.25·(0.25/10 + 0.01/2) = 0.0075 < proportional 0.25·(0.25/6 + 0.01/6) = 0.01083.
    const variance = (n: number[]) => n.reduce((v, nh, h) => v + (0.25 * sds[h] ** 2) / nh, 0);
    expect(variance(neyman)).toBeCloseTo(0.0075, 15);
    expect(variance(neyman)).toBeLessThan(variance(proportionalAllocation(sizes, 12)));
  });

  it('caps a stratum at its size and shares the surplus', () => {
    // Weights 3·1 = 3 and 100·0.1 = 10: the small stratum's share 20·3/13 = 4.6 exceeds its 3 calls.
    expect(neymanAllocation([3, 100], [1, 0.1], 20)).toEqual([3, 17]);
  });

  it('leaves a stratum with S_h = 0 at the minimum; all zero is proportional', () => {
    expect(neymanAllocation([100, 100], [0.5, 0], 10, 2)).toEqual([8, 2]);
    expect(neymanAllocation([60, 20], [0, 0], 8)).toEqual([6, 2]);
  });
});

describe('allocateByWeights', () => {
  it('sums to the total, or to every call when the total is larger', () => {
    const got = allocateByWeights([5, 1, 1, 3], [40, 40, 40, 40], 17);
    expect(got.reduce((a, b) => a + b, 0)).toBe(17);
    expect(allocateByWeights([1, 1], [2, 3], 9)).toEqual([2, 3]);
    expect(() => allocateByWeights([1], [1, 2], 2)).toThrow(RangeError);
  });
});
