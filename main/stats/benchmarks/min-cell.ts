/**
 * The fewest items a cell needs before it gets a significance test: scored calls of a voice, paired tasks, assignment
 * units. A cell with fewer is still shown with its n (greyed) but gets no test.
 */
export const MIN_CELL_ITEMS = 10;

/** True when a cell of n items is below MIN_CELL_ITEMS. */
export function belowMinimum(n: number): boolean {
  return n < MIN_CELL_ITEMS;
}
