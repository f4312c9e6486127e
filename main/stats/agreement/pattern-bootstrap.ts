/**
 * Item-level percentile bootstrap over patterns: items with the same labels from every rater share a pattern, a
 * resample is a weight per pattern, and every figure of one call is evaluated on the same resamples (paired on items).
 */
import type { JudgeInterval } from '../../../shared/types/judge-validation';
import { DEFAULT_RESAMPLES, DEFAULT_SEED, quantileSorted } from './bootstrap';
import { drawResample } from './prng';

/** Resample count and seed of the intervals (the studio's defaults when absent). */
export interface PatternBootstrapOptions {
  resamples?: number;
  seed?: number;
}

/** Distinct patterns of the items: each item's pattern index, each pattern's count, and one item per pattern. */
export interface ItemPatterns {
  pool: Int32Array;
  counts: Float64Array;
  firstItem: number[];
}

/** Groups items by their key (any string that is equal exactly when the items' labels are). */
export function itemPatterns(keys: readonly string[]): ItemPatterns {
  const index = new Map<string, number>();
  const firstItem: number[] = [];
  const counts: number[] = [];
  const pool = new Int32Array(keys.length);
  keys.forEach((key, i) => {
    let p = index.get(key);
    if (p === undefined) {
      p = firstItem.length;
      index.set(key, p);
      firstItem.push(i);
      counts.push(0);
    }
    pool[i] = p;
    counts[p]++;
  });
  return { pool, counts: Float64Array.from(counts), firstItem };
}

/**
 * Point estimates and 95% percentile intervals of `width` figures computed by `evaluate` from pattern weights, over
 * `resamples` resamples drawn by mulberry32(seed) exactly as every other interval of the studio; NaN draws are left out.
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
  let state = (options.seed ?? DEFAULT_SEED) | 0;
  const drawn = patterns.pool.length > 0 ? resamples : 0;
  for (let b = 0; b < drawn; b++) {
    state = drawResample(state, patterns.pool, weights);
    evaluate(weights, out);
    for (let s = 0; s < width; s++) draws[s][b] = out[s];
  }
  evaluate(patterns.counts, out);
  const point = Float64Array.from(out);
  return draws.map((d, s) => {
    const valid = d.subarray(0, drawn).filter((x) => !Number.isNaN(x)).sort();
    return { estimate: finite(point[s]), low: finite(quantileSorted(valid, 0.025)), high: finite(quantileSorted(valid, 0.975)) };
  });
}

function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
