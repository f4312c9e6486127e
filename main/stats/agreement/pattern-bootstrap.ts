/**
 * Item-level percentile bootstrap over patterns: items with the same labels from every rater share a pattern, a
 * resample is a weight per pattern, and every figure of one call is evaluated on the same resamples (paired on items).
 */
import type { JudgeInterval } from '../../../shared/types/judge-validation';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from './bootstrap';
import { quantileBySelection } from './select-quantile';
import { drawMultinomialResample, multinomialPlan } from './multinomial';

/** Resample count and seed of the intervals (the studio's defaults when absent). */
export interface PatternBootstrapOptions {
  resamples?: number;
  seed?: number;
}

/** Distinct patterns of the items: each pattern's count, and one item per pattern. */
export interface ItemPatterns {
  counts: Float64Array;
  firstItem: number[];
}

/** Groups items by their key (any string that is equal exactly when the items' labels are). */
export function itemPatterns(keys: readonly string[]): ItemPatterns {
  const index = new Map<string, number>();
  const firstItem: number[] = [];
  const counts: number[] = [];
  keys.forEach((key, i) => {
    let p = index.get(key);
    if (p === undefined) {
      p = firstItem.length;
      index.set(key, p);
      firstItem.push(i);
      counts.push(0);
    }
    counts[p]++;
  });
  return { counts: Float64Array.from(counts), firstItem };
}

/**
 * Point estimates and 95% percentile intervals of `width` figures computed by `evaluate` from pattern weights, over
 * `resamples` resamples drawn by mulberry32(seed) as pattern counts, as every other interval of the studio (multinomial.ts);
 * NaN draws are left out.
 */
export function patternIntervals(
  patterns: ItemPatterns,
  width: number,
  evaluate: (weights: Float64Array, out: Float64Array) => void,
  options: PatternBootstrapOptions = {},
): JudgeInterval[] {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const draws = Array.from({ length: width }, () => new Float64Array(resamples));
  const weights = new Float64Array(patterns.counts.length);
  const out = new Float64Array(width);
  const plan = multinomialPlan(patterns.counts);
  let state = (options.seed ?? DEFAULT_SEED) | 0;
  const drawn = patterns.counts.length > 0 ? resamples : 0;
  for (let b = 0; b < drawn; b++) {
    state = drawMultinomialResample(state, plan, weights);
    evaluate(weights, out);
    for (let s = 0; s < width; s++) draws[s][b] = out[s];
  }
  evaluate(patterns.counts, out);
  const point = Float64Array.from(out);
  const scratch = new Float64Array(drawn);
  return draws.map((d, s) => {
    let n = 0;
    for (let b = 0; b < drawn; b++) if (d[b] === d[b]) scratch[n++] = d[b]; // NaN !== NaN: undefined draws are left out
    const low = quantileBySelection(scratch, n, 0.025);
    const high = quantileBySelection(scratch, n, 0.975);
    return { estimate: finite(point[s]), low: finite(low), high: finite(high) };
  });
}

function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
