/** Confusion (contingency) matrix between two raters over the units both labelled. */
import type { ConfusionMatrix } from '../../../shared/types/agreement-report';
import { MISSING, type CodedRatings } from './coding';
import { ratingPatterns, type RatingPatterns } from './patterns';

/** Counts of items by the two raters' categories (defined with the report shapes in shared/). */
export type { ConfusionMatrix };

/** For each pattern, the flat cell index rowCode * q + columnCode, or −1 when either rater is missing. */
export function confusionCells(patterns: RatingPatterns, rowRater: number, columnRater: number): Int32Array {
  const { nRaters, nCategories, codes, counts } = patterns;
  assertRater(rowRater, nRaters);
  assertRater(columnRater, nRaters);
  const cells = new Int32Array(counts.length);
  for (let p = 0; p < counts.length; p++) {
    const a = codes[p * nRaters + rowRater];
    const b = codes[p * nRaters + columnRater];
    cells[p] = a === MISSING || b === MISSING ? -1 : a * nCategories + b;
  }
  return cells;
}

/** Adds the weighted patterns into a flat q × q table `out` (which is zeroed first); returns the total weight added. */
export function accumulateConfusion(cells: Int32Array, weights: Float64Array, out: Float64Array): number {
  out.fill(0);
  let n = 0;
  for (let p = 0; p < cells.length; p++) {
    if (cells[p] < 0) continue;
    out[cells[p]] += weights[p];
    n += weights[p];
  }
  return n;
}

/** The confusion matrix of two raters of a coded table (raters given by index, default the first two). */
export function confusionMatrix(coded: CodedRatings, rowRater = 0, columnRater = 1): ConfusionMatrix {
  const patterns = ratingPatterns(coded);
  const q = patterns.nCategories;
  const flat = new Float64Array(q * q);
  const n = accumulateConfusion(confusionCells(patterns, rowRater, columnRater), patterns.counts, flat);
  const counts = Array.from({ length: q }, (_, i) => Array.from(flat.subarray(i * q, (i + 1) * q)));
  return { rowRater: coded.raters[rowRater], columnRater: coded.raters[columnRater], categories: [...coded.categories], counts, n };
}

function assertRater(index: number, nRaters: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= nRaters) {
    throw new Error(`rater index ${index} is out of range (the table has ${nRaters} raters)`);
  }
}
