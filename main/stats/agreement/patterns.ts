/** Rating patterns: the distinct rows of a coded table with their multiplicities, the unit of work for statistics and bootstrap. */
import { MISSING, type CodedRatings } from './coding';

/** Distinct non-empty rating rows of a coded table; items nobody labelled are left out. */
export interface RatingPatterns {
  nRaters: number;
  nCategories: number;
  /** `codes[p * nRaters + r]`: rater r's category index in pattern p, or MISSING. */
  codes: Int32Array;
  /** How many items of the table show each pattern. */
  counts: Float64Array;
  /** Pattern index of each item of the table, or −1 for an item nobody labelled. */
  patternOfItem: Int32Array;
}

/** A statistic evaluated on per-pattern item weights (the observed counts, or one bootstrap resample's); NaN when undefined. */
export type Estimator = (weights: Float64Array) => number;

/** Groups the items of a coded table by identical rating rows. */
export function ratingPatterns(coded: CodedRatings): RatingPatterns {
  const nRaters = coded.raters.length;
  const nItems = coded.items.length;
  const byKey = new Map<string, number>();
  const rows: number[] = [];
  const counts: number[] = [];
  const patternOfItem = new Int32Array(nItems).fill(-1);
  for (let i = 0; i < nItems; i++) {
    const row = coded.codes.subarray(i * nRaters, (i + 1) * nRaters);
    if (row.every((c) => c === MISSING)) continue;
    const key = row.join(',');
    let p = byKey.get(key);
    if (p === undefined) {
      p = counts.length;
      byKey.set(key, p);
      counts.push(0);
      rows.push(...row);
    }
    counts[p]++;
    patternOfItem[i] = p;
  }
  return {
    nRaters,
    nCategories: coded.categories.length,
    codes: Int32Array.from(rows),
    counts: Float64Array.from(counts),
    patternOfItem,
  };
}

/** Evaluates an estimator on the observed table (every item once). */
export function evaluateOnTable(coded: CodedRatings, build: (patterns: RatingPatterns) => Estimator): number {
  const patterns = ratingPatterns(coded);
  return build(patterns)(patterns.counts);
}
