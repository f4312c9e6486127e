/** Category lists: explicit or inferred order of the labels, and their numeric values for the interval metric. */

import type { Level } from '../../../shared/types/agreement-report';

/** Measurement level of the labels (defined with the report shapes in shared/). */
export type { Level };

/** All measurement levels, in order of increasing structure. */
export const LEVELS: readonly Level[] = ['nominal', 'ordinal', 'interval'];

/** True when the label is a finite number written without surrounding spaces, e.g. "3", "-1.5", "2e3". */
export function isNumericLabel(label: string): boolean {
  return label !== '' && label.trim() === label && Number.isFinite(Number(label));
}

/** The sorted distinct labels: numerically when every label is numeric, otherwise by UTF-16 code units. */
export function inferCategories(labels: Iterable<string>): string[] {
  const distinct = [...new Set(labels)];
  if (distinct.length > 0 && distinct.every(isNumericLabel)) {
    distinct.sort((a, b) => Number(a) - Number(b));
    for (let i = 1; i < distinct.length; i++) {
      if (Number(distinct[i]) === Number(distinct[i - 1])) {
        throw new Error(`labels "${distinct[i - 1]}" and "${distinct[i]}" are the same number; write each category one way`);
      }
    }
    return distinct;
  }
  return distinct.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Numeric values of the categories (for the interval metric); throws naming the first category that is not a number. */
export function categoryValues(categories: readonly string[]): Float64Array {
  const values = new Float64Array(categories.length);
  categories.forEach((c, i) => {
    if (!isNumericLabel(c)) throw new Error(`interval level needs numeric labels; "${c}" is not a number`);
    values[i] = Number(c);
  });
  return values;
}
