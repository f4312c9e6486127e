import { describe, expect, it } from 'vitest';
import { classicalMean } from './classical-mean';
import { powerTuningLambda, ppiMean, ppiPlusPlusMean } from './ppi-mean';

const Z95 = 1.959963984540054;

// Six calls labelled by humans (y) with the judge's labels of the same calls (f), ten calls judged only.
const Y = [1, 0, 1, 1, 0, 1];
const F = [1, 0, 0, 1, 1, 1];
const UNLABELLED = [1, 1, 0, 1, 0, 1, 1, 0, 1, 1];

describe('powerTuningLambda', () => {
  it('is Cov(Y, f) / ((1 + n/N)·Var(f)), worked by hand', () => {
    // ȳ = 4/6 = 2/3 and f̄ = 4/6 = 2/3; the products (y − 2/3)(f − 2/3) are
    // 1/9, 4/9, −2/9, 1/9, −2/9, 1/9: they sum to 3/9, so Cov = (1/6)·(1/3) = 1/18.
    const cov = (1 / 9 + 4 / 9 - 2 / 9 + 1 / 9 - 2 / 9 + 1 / 9) / 6;
    // All 16 judge labels: 11 ones, mean 11/16; Σ(f − 11/16)² = 16·(11/16)(5/16) = 55/16, over n + N − 1 = 15.
    const varF = 55 / 16 / 15;
    // λ = (1/18) / ((1 + 6/10)·(11/48)) = 5/33.
    const lambda = cov / ((1 + 6 / 10) * varF);
    expect(lambda).toBeCloseTo(5 / 33, 15);
    expect(powerTuningLambda(Y, F, UNLABELLED)).toBeCloseTo(lambda, 15);
  });

  it('is clipped to [0, 1]', () => {
    // The judge says the opposite of the humans: negative covariance, λ = 0.
    expect(powerTuningLambda([1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1])).toBe(0);
    // The judge is the humans' labels shifted by 2, and every unlabelled call is judged 2 (ppi_py's own test): the
    // raw ratio exceeds 1.
    const ys = [0.3, -1.2, 0.8, 0.1, -0.4];
    expect(
      powerTuningLambda(
        ys,
        ys.map((y) => y + 2),
        new Array(1000).fill(2),
      ),
    ).toBe(1);
  });

  it('is 0 when the judge labels do not vary or no call is unlabelled', () => {
    expect(powerTuningLambda([1, 0, 1], [1, 1, 1], [1, 1])).toBe(0);
    expect(powerTuningLambda([1, 0, 1], [1, 0, 1], [])).toBe(0);
  });
});

describe('ppiMean / ppiPlusPlusMean', () => {
  it('follows the formula step by step on the binary example', () => {
    const lambda = 5 / 33;
    // Imputed part: λ·mean(unlabelled) = λ·7/10. Rectifier: mean(y) − λ·mean(f) = 2/3 − λ·2/3.
    const estimate = lambda * 0.7 + (2 / 3 - (lambda * 2) / 3);
    // Residuals y − λf: 28/33, 0, 1, 28/33, −5/33, 28/33 with mean 112/198.
    const residuals = [28 / 33, 0, 1, 28 / 33, -5 / 33, 28 / 33];
    const rMean = 112 / 198;
    const rVar = residuals.reduce((s, r) => s + (r - rMean) ** 2, 0) / 6;
    // Unlabelled judge labels: 7 ones of 10, plug-in variance 0.7·0.3 = 0.21.
    const se = Math.sqrt((lambda * lambda * 0.21) / 10 + rVar / 6);
    const got = ppiPlusPlusMean(Y, F, UNLABELLED);
    expect(got.lambda).toBeCloseTo(lambda, 15);
    expect(got.estimate).toBeCloseTo(estimate, 14);
    expect(got.estimate).toBeCloseTo(66.5 / 99, 14);
    expect(got.standardError).toBeCloseTo(se, 14);
    expect(got.low).toBeCloseTo(estimate - Z95 * se, 14);
    expect(got.high).toBeCloseTo(estimate + Z95 * se, 14);
    expect([got.labelled, got.unlabelled]).toEqual([6, 10]);
  });

  it("gives ppi_py's outputs (ppi_mean_pointestimate, ppi_mean_ci at commit bd90caa) on the same numbers", () => {
    // Values printed by ppi_py's own functions run on these arrays (alpha = 0.05; lam=None tunes, lam=1 plain PPI).
    const tuned = ppiPlusPlusMean(Y, F, UNLABELLED, 0.95);
    expect(tuned.estimate).toBeCloseTo(0.6717171717171718, 13);
    expect(tuned.low).toBeCloseTo(0.30210128336973746, 13);
    expect(tuned.high).toBeCloseTo(1.0413330600646062, 13);
    const plain = ppiMean(Y, F, UNLABELLED, 1, 0.95);
    expect(plain.estimate).toBeCloseTo(0.7, 13);
    expect(plain.low).toBeCloseTo(0.15770394233220908, 13);
    expect(plain.high).toBeCloseTo(1.2422960576677908, 13);
    // Real-valued labels at alpha = 0.1; ppi_py's _calc_lam_glm gives λ = 0.6195536663124335.
    const y = [2.5, 3.1, 0.4, 1.8, 2.2];
    const f = [2.0, 2.9, 1.1, 1.5, 2.6];
    const u = [1.9, 2.4, 3.0, 0.8, 1.6, 2.2, 2.7];
    const real = ppiPlusPlusMean(y, f, u, 0.9);
    expect(real.lambda).toBeCloseTo(0.6195536663124335, 13);
    expect(real.estimate).toBeCloseTo(2.0407135266433887, 13);
    expect(real.low).toBeCloseTo(1.5409619589470975, 13);
    expect(real.high).toBeCloseTo(2.54046509433968, 13);
    const realPlain = ppiMean(y, f, u, 1, 0.9);
    expect(realPlain.estimate).toBeCloseTo(2.0657142857142854, 13);
    expect(realPlain.low).toBeCloseTo(1.5266202505540751, 13);
    expect(realPlain.high).toBeCloseTo(2.6048083208744957, 13);
    // Negative covariance: λ = 0 and the classical interval (0.010009003864986488, 0.9899909961350135).
    const opposite = ppiPlusPlusMean([1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 1]);
    expect(opposite.estimate).toBe(0.5);
    expect(opposite.low).toBeCloseTo(0.010009003864986488, 13);
    expect(opposite.high).toBeCloseTo(0.9899909961350135, 13);
  });

  it("recovers the mean exactly when the judge is off by a constant (ppi_py's test_ppi_mean_pointestimate)", () => {
    const ys = [0.3, -1.2, 0.8, 0.1, -0.4, 1.5, -0.9];
    const got = ppiPlusPlusMean(
      ys,
      ys.map((y) => y + 2),
      new Array(10_000).fill(2),
    );
    // λ = 1: 2 + mean(y − (y + 2)) = 0, whatever the humans' mean (here 0.2/7) is.
    expect(got.lambda).toBe(1);
    expect(got.estimate).toBeCloseTo(0, 14);
  });

  it('is the classical mean at λ = 0', () => {
    const classical = classicalMean(Y);
    const got = ppiMean(Y, F, UNLABELLED, 0);
    expect(got.estimate).toBe(classical.estimate);
    expect(got.standardError).toBeCloseTo(classical.standardError, 15);
  });

  it('is undefined without labelled calls and refuses mismatched arrays', () => {
    expect(Number.isNaN(ppiPlusPlusMean([], [], [1, 0]).estimate)).toBe(true);
    expect(() => ppiMean([1, 0], [1], [1])).toThrow(RangeError);
  });
});
