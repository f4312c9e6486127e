import { describe, expect, it } from 'vitest';
import { classicalLabelsForWidth, ppiLabelsForWidth, ppiVarianceAt, stratifiedLabelsForWidth } from './planner';

const Z = 1.959963984540054;

describe('classicalLabelsForWidth', () => {
  it('is ⌈(z·σ/h)²⌉: a share near 0.5 within ±0.05 needs 385 labels (the textbook figure)', () => {
    // (1.96·0.5/0.05)² = 384.15 → 385.
    expect(classicalLabelsForWidth(0.25, 0.05, Z)).toBe(385);
    // σ² = 0.21 (p = 0.7) within ±0.1: 1.96²·0.21/0.01 = 80.67 → 81.
    expect(classicalLabelsForWidth(0.21, 0.1, Z)).toBe(81);
  });
});

describe('ppiLabelsForWidth', () => {
  it('is the classical n when the judge says nothing (Cov = 0)', () => {
    const pilot = { humanVariance: 0.21, covariance: 0, judgeVariance: 0.2, calls: 10_000 };
    expect(ppiLabelsForWidth(pilot, 0.1, Z)).toBe(81);
  });

  it('solves σ_Y²(1 − ρ²)/n + ρ²σ_Y²/M ≤ (h/z)² (λ tuned for n, unclipped)', () => {
    // σ_Y² = 0.21, σ_f² = 0.17, Cov = 0.1: ρ² = 0.01/(0.21·0.17) = 0.2801; M = 5,000; h = 0.04.
    const pilot = { humanVariance: 0.21, covariance: 0.1, judgeVariance: 0.17, calls: 5000 };
    const rho2 = 0.01 / (0.21 * 0.17);
    const target = (0.04 / Z) ** 2;
    const closed = Math.ceil((0.21 * (1 - rho2)) / (target - (rho2 * 0.21) / 5000));
    expect(ppiVarianceAt(pilot, 300)).toBeCloseTo((0.21 * (1 - rho2)) / 300 + (rho2 * 0.21) / 5000, 15);
    expect(ppiLabelsForWidth(pilot, 0.04, Z)).toBe(closed);
    // Humans alone need ⌈1.96²·0.21/0.0016⌉ = 505.
    expect(classicalLabelsForWidth(0.21, 0.04, Z)).toBe(505);
    expect(closed).toBeLessThan(505);
  });

  it('is null when even every call labelled is too wide', () => {
    const pilot = { humanVariance: 0.25, covariance: 0.1, judgeVariance: 0.25, calls: 100 };
    expect(ppiLabelsForWidth(pilot, 0.05, Z)).toBeNull();
    expect(ppiLabelsForWidth(pilot, 0.2, Z)).not.toBeNull();
  });
});

describe('stratifiedLabelsForWidth', () => {
  it('proportional z²·Σ W_h S_h² / h², Neyman z²·(Σ W_h S_h)² / h²', () => {
    // W = 0.8, 0.2; S = 0.3, 0.5: Σ W S² = 0.072 + 0.05 = 0.122; (Σ W S)² = (0.24 + 0.1)² = 0.1156.
    expect(stratifiedLabelsForWidth([0.8, 0.2], [0.3, 0.5], 0.05, Z, 'proportional')).toBe(
      Math.ceil((Z * Z * 0.122) / 0.0025),
    );
    expect(stratifiedLabelsForWidth([0.8, 0.2], [0.3, 0.5], 0.05, Z, 'neyman')).toBe(
      Math.ceil((Z * Z * 0.1156) / 0.0025),
    );
  });
});
