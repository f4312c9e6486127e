/** The ratings input model: a table of units (items) × raters in which any cell may be missing. */

/** A ratings table: `labels[i][r]` is rater `raters[r]`'s label for item `items[i]`, or null when that rater did not label it. */
export interface RatingsTable {
  items: string[];
  raters: string[];
  labels: (string | null)[][];
}

/** One rating in long form (the CSV columns item,rater,label); a null or empty label is a missing rating. */
export interface RatingRecord {
  item: string;
  rater: string;
  label: string | null;
}

/** Throws an Error describing the first way the table is malformed (shape, duplicate names, empty labels). */
export function assertRatingsTable(table: RatingsTable): void {
  const { items, raters, labels } = table;
  assertUnique(items, 'item');
  assertUnique(raters, 'rater');
  if (labels.length !== items.length) {
    throw new Error(`ratings table: ${labels.length} label rows for ${items.length} items`);
  }
  labels.forEach((row, i) => {
    if (row.length !== raters.length) {
      throw new Error(`ratings table: item "${items[i]}" has ${row.length} labels for ${raters.length} raters`);
    }
    row.forEach((label, r) => {
      if (label !== null && (typeof label !== 'string' || label === '')) {
        throw new Error(`ratings table: item "${items[i]}", rater "${raters[r]}": a label must be a non-empty string or null`);
      }
    });
  });
}

/** Builds a table from long-form records; items and raters keep first-appearance order; a repeated (item, rater) pair throws. */
export function ratingsFromRecords(records: readonly RatingRecord[]): RatingsTable {
  const itemIndex = new Map<string, number>();
  const raterIndex = new Map<string, number>();
  for (const { item, rater } of records) {
    if (!itemIndex.has(item)) itemIndex.set(item, itemIndex.size);
    if (!raterIndex.has(rater)) raterIndex.set(rater, raterIndex.size);
  }
  const labels = Array.from(itemIndex.keys(), () => new Array<string | null>(raterIndex.size).fill(null));
  const seen = new Set<string>();
  for (const { item, rater, label } of records) {
    const key = JSON.stringify([item, rater]);
    if (seen.has(key)) throw new Error(`ratings: rater "${rater}" labels item "${item}" more than once`);
    seen.add(key);
    labels[itemIndex.get(item)!][raterIndex.get(rater)!] = label === '' ? null : label;
  }
  return { items: [...itemIndex.keys()], raters: [...raterIndex.keys()], labels };
}

function assertUnique(names: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (typeof name !== 'string' || name === '') throw new Error(`ratings table: every ${what} needs a non-empty name`);
    if (seen.has(name)) throw new Error(`ratings table: ${what} "${name}" appears twice`);
    seen.add(name);
  }
}
