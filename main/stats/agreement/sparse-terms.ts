/**
 * Sums over the q × q cells of a weight or distance matrix that visit only the nonzero terms, in the dense loop's
 * row-major order. With finite factors a skipped term is ±0, and adding ±0 changes no sum that starts at +0
 * (x + ±0 = x, +0 + −0 = +0), so the result is the dense loop's to the last bit while the cost follows the categories
 * in use, not q² (many categories: a multi-label field whose label sets are its categories).
 */

/** The nonzero entries of a flat q × q matrix by row: row k's are column[start[k]] … column[start[k + 1] − 1]. */
export interface SparseRows {
  matrix: Float64Array;
  start: Int32Array;
  /** Columns in ascending order within each row. */
  column: Int32Array;
  /** Whether every nonzero entry lies on the diagonal (the identity weights): a pair sum needs k = l only. */
  diagonal: boolean;
}

/** Lists the nonzero entries of a flat q × q matrix, row by row. */
export function sparseRows(matrix: Float64Array, q: number): SparseRows {
  const start = new Int32Array(q + 1);
  const column: number[] = [];
  let diagonal = true;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      if (matrix[k * q + l] === 0) continue;
      column.push(l);
      if (l !== k) diagonal = false;
    }
    start[k + 1] = column.length;
  }
  return { matrix, start, column: Int32Array.from(column), diagonal };
}

/** Writes into `out` the indices of `candidates` (ascending) whose value is nonzero; returns how many. */
export function nonzeroOf(values: Float64Array, candidates: ArrayLike<number>, out: Int32Array): number {
  let n = 0;
  for (let e = 0; e < candidates.length; e++) if (values[candidates[e]] !== 0) out[n++] = candidates[e];
  return n;
}
