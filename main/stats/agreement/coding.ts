/** Integer coding of a ratings table against its category list, done once before any statistic runs. */
import { inferCategories } from './categories';
import { assertRatingsTable, type RatingsTable } from './ratings';

/** Code used for a missing rating. */
export const MISSING = -1;

/** A ratings table with labels replaced by category indices (MISSING when absent), stored item-major. */
export interface CodedRatings {
  items: readonly string[];
  raters: readonly string[];
  categories: readonly string[];
  /** `codes[i * raters.length + r]` is the category index of rater r's label for item i. */
  codes: Int32Array;
}

/** Codes a table against an explicit category order, or the inferred one; an explicit list must contain every observed label. */
export function codeRatings(table: RatingsTable, categories?: readonly string[]): CodedRatings {
  assertRatingsTable(table);
  const observed = table.labels.flat().filter((l): l is string => l !== null);
  const order = categories ? [...categories] : inferCategories(observed);
  const index = new Map<string, number>();
  order.forEach((c, i) => {
    if (index.has(c)) throw new Error(`category "${c}" is listed twice`);
    index.set(c, i);
  });
  const nRaters = table.raters.length;
  const codes = new Int32Array(table.items.length * nRaters).fill(MISSING);
  table.labels.forEach((row, i) => {
    row.forEach((label, r) => {
      if (label === null) return;
      const code = index.get(label);
      if (code === undefined) {
        throw new Error(`item "${table.items[i]}", rater "${table.raters[r]}": label "${label}" is not in the category list`);
      }
      codes[i * nRaters + r] = code;
    });
  });
  return { items: table.items, raters: table.raters, categories: order, codes };
}
