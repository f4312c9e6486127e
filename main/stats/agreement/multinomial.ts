/**
 * Bootstrap resamples drawn as pattern counts: resampling N items with replacement gives each pattern (items with the
 * same labels) a count that is Multinomial(N, n_p / N). Drawing that multinomial directly — one binomial per pattern,
 * conditioned on the patterns before it — gives the same distribution in O(patterns · √N) instead of O(N) per resample.
 */
import { GOLDEN, mix32 } from './prng';

let logFactorials = new Float64Array([0, 0]);

/** ln k! for k ≤ n, from a table of running sums of ln i grown on demand. */
function logFactorial(k: number): number {
  if (k >= logFactorials.length) {
    const next = new Float64Array(Math.max(k + 1, logFactorials.length * 2));
    next.set(logFactorials);
    for (let i = logFactorials.length; i < next.length; i++) next[i] = next[i - 1] + Math.log(i);
    logFactorials = next;
  }
  return logFactorials[k];
}

/** A binomial's success probability with its logarithms and odds, computed once for many draws. */
export interface BinomialShape {
  p: number;
  logP: number;
  logQ: number;
  odds: number;
}

/** The shape of Binomial(·, p). */
export function binomialShape(p: number): BinomialShape {
  return { p, logP: Math.log(p), logQ: Math.log1p(-p), odds: p / (1 - p) };
}

/**
 * A Binomial(n, p) draw by inversion of u ∈ [0, 1), enumerating outcomes from the mode outwards (up, down, up …): exact
 * for any order of enumeration, with about 1.6 standard deviations of steps on average.
 */
export function binomialByInversion(n: number, shape: BinomialShape, u: number): number {
  const { p, logP, logQ, odds } = shape;
  if (n === 0 || p <= 0) return 0;
  if (p >= 1) return n;
  const mode = Math.min(n, Math.floor((n + 1) * p));
  const atMode = Math.exp(
    logFactorial(n) - logFactorial(mode) - logFactorial(n - mode) + mode * logP + (n - mode) * logQ,
  );
  let rest = u - atMode;
  if (rest < 0) return mode;
  let lo = mode;
  let hi = mode;
  let pLo = atMode;
  let pHi = atMode;
  while (lo > 0 || hi < n) {
    if (hi < n) {
      pHi *= ((n - hi) / (hi + 1)) * odds;
      hi++;
      rest -= pHi;
      if (rest < 0) return hi;
    }
    if (lo > 0) {
      pLo *= lo / (n - lo + 1) / odds;
      lo--;
      rest -= pLo;
      if (rest < 0) return lo;
    }
  }
  return mode; // u beyond the summed probabilities by rounding: the most likely outcome
}

/** What a resample of fixed pattern counts needs: the total and each pattern's conditional binomial. */
export interface MultinomialPlan {
  total: number;
  shapes: BinomialShape[];
}

/** Plans resamples of these pattern counts: pattern p's count is Binomial(N left, counts[p] / counts left). */
export function multinomialPlan(counts: Float64Array): MultinomialPlan {
  let massLeft = counts.reduce((s, x) => s + x, 0);
  const shapes = Array.from(counts, (c) => {
    const shape = binomialShape(massLeft > 0 ? Math.min(1, c / massLeft) : 0);
    massLeft -= c;
    return shape;
  });
  return { total: counts.reduce((s, x) => s + x, 0), shapes };
}

/**
 * One resample: weights[p] ~ Multinomial(N, counts[p] / N) with N = Σ counts, drawn pattern by pattern as
 * Binomial(N left, counts[p] / counts left) from successive mulberry32 outputs u / 2³² (one per pattern but the last,
 * which takes the rest); returns the generator state after the draws.
 */
export function drawMultinomialResample(state: number, plan: MultinomialPlan, weights: Float64Array): number {
  let left = plan.total;
  let s = state;
  const last = plan.shapes.length - 1;
  for (let p = 0; p <= last; p++) {
    if (p === last || left === 0) {
      weights[p] = left;
      left = 0;
      continue;
    }
    s = (s + GOLDEN) | 0;
    const k = binomialByInversion(left, plan.shapes[p], mix32(s) / 4294967296);
    weights[p] = k;
    left -= k;
  }
  return s;
}
