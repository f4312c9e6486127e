/**
 * Binomial draws by inversion, and the chain of conditional binomials that splits a count among shares: the second
 * stage of the report's bootstrap (agreement-bootstrap.ts), where each profile's resampled count is split among its
 * patterns.
 */
import { GOLDEN, mix32 } from './prng';

let logFactorials = new Float64Array([0, 0]);

/** ln k! for k ≥ 0, from a table of running sums of ln i grown on demand. */
export function logFactorial(k: number): number {
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

/** Shares[e]'s conditional binomial: Binomial(count left, shares[e] / shares left), one per share but the last. */
export function binomialChain(shares: Float64Array): BinomialShape[] {
  let massLeft = shares.reduce((s, x) => s + x, 0);
  return Array.from(shares, (c) => {
    const shape = binomialShape(massLeft > 0 ? Math.min(1, c / massLeft) : 0);
    massLeft -= c;
    return shape;
  });
}

/**
 * Splits `count` among the shares of a chain, Multinomial(count, shares / Σ shares), into out[first …]; the last share
 * takes what is left. Returns the mulberry32 state after the draws (one per share but the last, while any is left).
 */
export function splitByChain(
  state: number,
  count: number,
  chain: BinomialShape[],
  out: Float64Array,
  index: Int32Array,
  first: number,
): number {
  let s = state;
  let left = count;
  const last = chain.length - 1;
  for (let e = 0; e <= last; e++) {
    if (e === last || left === 0) {
      out[index[first + e]] = left;
      left = 0;
      continue;
    }
    s = (s + GOLDEN) | 0;
    const k = binomialByInversion(left, chain[e], mix32(s) / 4294967296);
    out[index[first + e]] = k;
    left -= k;
  }
  return s;
}
