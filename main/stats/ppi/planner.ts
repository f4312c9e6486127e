/**
 * Labels needed for a chosen interval half-width h at critical value z (normal intervals, plug-in variances as the
 * estimators use them), from variances estimated on a pilot: the classical mean, PPI++ over a simple random sample,
 * and a stratified mean under proportional or Neyman allocation (Cochran, Sampling Techniques, §5.5, without the
 * finite-population correction, as the estimators carry none).
 */

/** Smallest n with z·σ/√n ≤ h: ⌈(z·σ/h)²⌉ (at least 1). */
export function classicalLabelsForWidth(variance: number, halfWidth: number, z: number): number {
  if (!(halfWidth > 0)) throw new RangeError(`half-width must be > 0, got ${halfWidth}`);
  return Math.max(1, Math.ceil((z * z * variance) / (halfWidth * halfWidth)));
}

/** What PPI++'s standard error depends on, from the pilot (plug-in moments). */
export interface PpiPilot {
  /** σ̂²(Y) on the labelled calls. */
  humanVariance: number;
  /** Cov(Y, f) on the labelled calls. */
  covariance: number;
  /** σ̂²(f) of the judge's labels over the calls. */
  judgeVariance: number;
  /** All calls of the figure, labelled or not (M = n + N). */
  calls: number;
}

/**
 * PPI++'s variance with n of the M calls labelled, λ tuned for that n as the estimator tunes it:
 * λ(n) = clip(Cov / ((1 + n/(M − n))·σ_f²), 0, 1), V = (σ_Y² − 2λ·Cov + λ²σ_f²)/n + λ²σ_f²/(M − n). Unclipped it is
 * σ_Y²(1 − ρ²)/n + ρ²σ_Y²/M, which falls with n.
 */
export function ppiVarianceAt(pilot: PpiPilot, n: number): number {
  const { calls: m, covariance: c, judgeVariance: vf, humanVariance: vy } = pilot;
  const lambda = n >= m || !(vf > 0) ? 0 : Math.min(1, Math.max(0, c / ((1 + n / (m - n)) * vf)));
  const imputed = lambda === 0 ? 0 : (lambda * lambda * vf) / (m - n);
  return (vy - 2 * lambda * c + lambda * lambda * vf) / n + imputed;
}

/** Smallest n ≤ M whose PPI++ interval is within ±h (binary search on the falling variance), or null if none is. */
export function ppiLabelsForWidth(pilot: PpiPilot, halfWidth: number, z: number): number | null {
  if (!(halfWidth > 0)) throw new RangeError(`half-width must be > 0, got ${halfWidth}`);
  const target = (halfWidth / z) ** 2;
  if (!(pilot.calls >= 1) || ppiVarianceAt(pilot, pilot.calls) > target) return null;
  let low = 1;
  let high = pilot.calls;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (ppiVarianceAt(pilot, mid) <= target) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * Total n of a stratified sample with z·se ≤ h, strata of weights W_h (summing to 1) and deviations S_h:
 * proportional n = z²·Σ W_h·S_h² / h², Neyman n = z²·(Σ W_h·S_h)² / h² (at least 1).
 */
export function stratifiedLabelsForWidth(
  weights: readonly number[],
  deviations: readonly number[],
  halfWidth: number,
  z: number,
  allocation: 'proportional' | 'neyman',
): number {
  if (!(halfWidth > 0)) throw new RangeError(`half-width must be > 0, got ${halfWidth}`);
  if (weights.length !== deviations.length) throw new RangeError('one deviation per stratum');
  const spread =
    allocation === 'neyman'
      ? weights.reduce((s, w, h) => s + w * deviations[h], 0) ** 2
      : weights.reduce((s, w, h) => s + w * deviations[h] ** 2, 0);
  return Math.max(1, Math.ceil((z * z * spread) / (halfWidth * halfWidth)));
}
