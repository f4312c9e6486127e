/**
 * Bootstrap resamples drawn as pattern counts: resampling N items with replacement gives each pattern (items with the
 * same labels) a count that is Multinomial(N, n_p / N). Drawing that multinomial directly — one binomial per pattern,
 * conditioned on the patterns before it — gives the same distribution in O(patterns · √N) instead of O(N) per resample.
 * A plan draws each binomial as binomialByInversion does, to the same outcome for every u, but with P(mode) kept per
 * (pattern, n) and the walk's ratios without divisions (planDraw).
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
  /** 1 / odds, for the division-free walk (walkFromMode). */
  invOdds: number;
}

/** The shape of Binomial(·, p). */
export function binomialShape(p: number): BinomialShape {
  const odds = p / (1 - p);
  return { p, logP: Math.log(p), logQ: Math.log1p(-p), odds, invOdds: 1 / odds };
}

/** The mode floor((n + 1)·p) of Binomial(n, p), at most n, where the inversion starts. */
export function binomialMode(n: number, shape: BinomialShape): number {
  return Math.min(n, Math.floor((n + 1) * shape.p));
}

/** P(K = mode) of Binomial(n, p), from the log-factorial table (the first term the inversion subtracts). */
export function modeProbability(n: number, mode: number, shape: BinomialShape): number {
  return Math.exp(
    logFactorial(n) - logFactorial(mode) - logFactorial(n - mode) + mode * shape.logP + (n - mode) * shape.logQ,
  );
}

/**
 * A Binomial(n, p) draw by inversion of u ∈ [0, 1), enumerating outcomes from the mode outwards (up, down, up …): exact
 * for any order of enumeration, with about 1.6 standard deviations of steps on average.
 */
export function binomialByInversion(n: number, shape: BinomialShape, u: number): number {
  const { p, odds } = shape;
  if (n === 0 || p <= 0) return 0;
  if (p >= 1) return n;
  const mode = binomialMode(n, shape);
  const atMode = modeProbability(n, mode, shape);
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

let reciprocalTable = new Float64Array([Infinity, 1]);

/** The table of 1/d for d ≤ n, grown on demand. */
function reciprocals(n: number): Float64Array {
  if (n >= reciprocalTable.length) {
    const next = new Float64Array(Math.max(n + 1, reciprocalTable.length * 2));
    for (let d = 0; d < next.length; d++) next[d] = 1 / d;
    reciprocalTable = next;
  }
  return reciprocalTable;
}

/**
 * How far from zero, per step, the division-free walk's rest must be for its sign to be the exact walk's: a step's
 * ratio takes at most 4 roundings (relative 2⁻⁵³ each) where the exact one takes 2, the probabilities compound them
 * with one more per step, and each subtraction rounds once in either walk, so after i steps the two rests differ by
 * at most about 10·i·2⁻⁵³ ≈ 1.1e−15·i (the probabilities summing to at most 1); the margin is 90 times that.
 */
const MARGIN_PER_STEP = 1e-13;

/**
 * binomialByInversion(n, shape, u) given its mode and P(mode), exactly, computed faster: the walk's ratios take a
 * table of reciprocals and 1/odds instead of divisions, so its rests differ from the exact walk's by rounding only.
 * Where the rest changes sign at least MARGIN_PER_STEP·steps from zero on either side, both walks stop at the same
 * outcome; otherwise (about once in 10¹² draws), or when the probabilities run out, the exact walk decides.
 */
function walkFromMode(n: number, shape: BinomialShape, u: number, mode: number, atMode: number): number {
  let rest = u - atMode;
  if (rest < 0) return mode; // the exact walk's first rest, computed the same way
  const { odds, invOdds } = shape;
  const r = reciprocals(n + 1);
  let lo = mode;
  let hi = mode;
  let pLo = atMode;
  let pHi = atMode;
  let margin = 0;
  while (lo > 0 || hi < n) {
    if (hi < n) {
      pHi *= (n - hi) * r[hi + 1] * odds;
      hi++;
      const before = rest;
      rest -= pHi;
      margin += MARGIN_PER_STEP;
      if (rest < 0) return before >= margin && rest <= -margin ? hi : binomialByInversion(n, shape, u);
    }
    if (lo > 0) {
      pLo *= lo * r[n - lo + 1] * invOdds;
      lo--;
      const before = rest;
      rest -= pLo;
      margin += MARGIN_PER_STEP;
      if (rest < 0) return before >= margin && rest <= -margin ? lo : binomialByInversion(n, shape, u);
    }
  }
  return binomialByInversion(n, shape, u);
}

/** P(mode) values a plan keeps at most, over all its patterns (8 bytes each). */
const MODE_MEMO_CAP = 1 << 20;

/**
 * Each pattern's P(mode) by n, kept once computed: pattern p's n is the count left by the patterns before it, N − S
 * with S ~ Binomial(N, P_p) (P_p the share of the patterns before p), so it takes the same few hundred values over
 * and over across resamples and the exp and log-factorials are paid once per (p, n). Pattern p keeps the n within
 * 5 standard deviations of N(1 − P_p) (fewer if the cap needs it) at values[offset[p] + n − low[p]], NaN until
 * computed; any other n is computed each time.
 */
class ModeMemo {
  private readonly values: Float64Array;
  private readonly offset: Int32Array;
  private readonly low: Int32Array;
  private readonly width: Int32Array;

  constructor(counts: Float64Array) {
    const total = counts.reduce((s, x) => s + x, 0);
    const half = new Float64Array(counts.length);
    let before = 0;
    for (let p = 0; p < counts.length; p++) {
      const share = total > 0 ? before / total : 0;
      half[p] = Math.ceil(5 * Math.sqrt(total * share * (1 - share))) + 1;
      before += counts[p];
    }
    const wanted = half.reduce((s, h) => s + 2 * h + 1, 0);
    const scale = wanted > MODE_MEMO_CAP ? MODE_MEMO_CAP / wanted : 1;
    this.offset = new Int32Array(counts.length);
    this.low = new Int32Array(counts.length);
    this.width = new Int32Array(counts.length);
    let used = 0;
    before = 0;
    for (let p = 0; p < counts.length; p++) {
      const h = Math.floor(half[p] * scale);
      this.offset[p] = used;
      this.low[p] = total - before - h;
      this.width[p] = h > 0 ? 2 * h + 1 : 0;
      used += this.width[p];
      before += counts[p];
    }
    this.values = new Float64Array(used).fill(NaN);
  }

  /** modeProbability(n, mode, shape) of pattern p: the value computed when (p, n) first came, if kept. */
  at(p: number, n: number, mode: number, shape: BinomialShape): number {
    const k = n - this.low[p];
    if (k < 0 || k >= this.width[p]) return modeProbability(n, mode, shape);
    const at = this.offset[p] + k;
    const kept = this.values[at];
    if (kept === kept) return kept;
    return (this.values[at] = modeProbability(n, mode, shape));
  }
}

/** What a resample of fixed pattern counts needs: the total, each pattern's conditional binomial, its P(mode)s. */
export interface MultinomialPlan {
  total: number;
  shapes: BinomialShape[];
  modes: ModeMemo;
}

/**
 * Pattern p's draw of a plan, Binomial(n, shapes[p]) for u ∈ [0, 1): the outcome of binomialByInversion(n,
 * plan.shapes[p], u), bit for bit, with P(mode) memoized and the division-free walk.
 */
export function planDraw(plan: MultinomialPlan, p: number, n: number, u: number): number {
  const shape = plan.shapes[p];
  if (n === 0 || shape.p <= 0) return 0;
  if (shape.p >= 1) return n;
  const mode = binomialMode(n, shape);
  return walkFromMode(n, shape, u, mode, plan.modes.at(p, n, mode, shape));
}

/** Plans resamples of these pattern counts: pattern p's count is Binomial(N left, counts[p] / counts left). */
export function multinomialPlan(counts: Float64Array): MultinomialPlan {
  let massLeft = counts.reduce((s, x) => s + x, 0);
  const shapes = Array.from(counts, (c) => {
    const shape = binomialShape(massLeft > 0 ? Math.min(1, c / massLeft) : 0);
    massLeft -= c;
    return shape;
  });
  return { total: counts.reduce((s, x) => s + x, 0), shapes, modes: new ModeMemo(counts) };
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
    const k = planDraw(plan, p, left, mix32(s) / 4294967296);
    weights[p] = k;
    left -= k;
  }
  return s;
}
