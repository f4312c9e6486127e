/** Weighted column sums of a sparse matrix read by column (column-sums.ts): the row-by-row scatter's sums exactly. */
import { describe, expect, it } from 'vitest';
import { columnSums, sparseColumns } from './column-sums';
import { mulberry32 } from './prng';

/** The scatter the gather replaces: rows in order, each term added into its column's accumulator. */
function scatter(start: Int32Array, column: Int32Array, value: Float64Array, weights: Float64Array, q: number) {
  const sums = new Float64Array(q);
  for (let p = 0; p < weights.length; p++) {
    if (weights[p] === 0) continue;
    for (let e = start[p]; e < start[p + 1]; e++) sums[column[e]] += weights[p] * value[e];
  }
  return sums;
}

describe('column sums', () => {
  it('transposes rows into columns, rows ascending, and leaves out the rows not kept', () => {
    // Rows: 0 → (col 2: 0.5), (col 0: 1); 1 → (col 0: 3); 2 → (col 1: 4), (col 2: 5).
    const start = Int32Array.of(0, 2, 3, 5);
    const column = Int32Array.of(2, 0, 0, 1, 2);
    const value = Float64Array.of(0.5, 1, 3, 4, 5);
    const all = sparseColumns(start, column, value, 3);
    expect([...all.start, ...all.row, ...all.value]).toEqual([0, 2, 3, 5, 0, 1, 2, 0, 2, 1, 3, 4, 0.5, 5]);
    const some = sparseColumns(start, column, value, 3, (p) => p !== 1);
    expect([[...some.start], [...some.row]]).toEqual([[0, 1, 2, 4], [0, 2, 0, 2]]);
    const sums = new Float64Array(3);
    columnSums(some, Float64Array.of(2, 7, 1), sums);
    expect([...sums]).toEqual([2, 4, 6]);
  });

  it('gives the scatter’s sums to the last bit, zero weights included', () => {
    const next = mulberry32(11);
    const random = () => next() / 4294967296;
    const q = 7;
    const rows = 500;
    const start = new Int32Array(rows + 1);
    const column: number[] = [];
    const value: number[] = [];
    for (let p = 0; p < rows; p++) {
      for (let c = 0; c < q; c++) {
        if (random() < 0.4) {
          column.push(c);
          value.push(random() / 3);
        }
      }
      start[p + 1] = column.length;
    }
    const columns = Int32Array.from(column);
    const values = Float64Array.from(value);
    const matrix = sparseColumns(start, columns, values, q);
    const gathered = new Float64Array(q);
    for (let trial = 0; trial < 20; trial++) {
      const weights = Float64Array.from({ length: rows }, () => (random() < 0.3 ? 0 : Math.floor(random() * 9)));
      columnSums(matrix, weights, gathered);
      expect(gathered.some((x) => x > 0)).toBe(true);
      expect(Array.from(gathered)).toStrictEqual(Array.from(scatter(start, columns, values, weights, q)));
    }
  });
});
