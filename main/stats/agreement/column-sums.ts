/**
 * Weighted column sums of a sparse matrix, read column by column. A bootstrap figure often sums w_p · a_pc over the
 * patterns p into a few accumulators c (category shares, coincidence cells). Scattering row by row (acc[c] += …)
 * costs a load and a store through memory per term; gathering each column into a register costs one load. The terms
 * of a column are added in ascending row order, the scatter's order, so each sum is the scatter's to the last bit.
 */

/** The nonzero entries of the matrix by column: column c's are row[start[c]] … (ascending), with their value. */
export interface SparseColumns {
  start: Int32Array;
  row: Int32Array;
  value: Float64Array;
}

/**
 * The columns of a matrix given by rows: row p's entries are column[e], value[e] for e in rowStart[p] …
 * rowStart[p + 1] − 1, over `nColumns` columns. `keep(p)` leaves rows out (their terms are not summed).
 */
export function sparseColumns(
  rowStart: Int32Array,
  column: Int32Array,
  value: Float64Array,
  nColumns: number,
  keep: (p: number) => boolean = () => true,
): SparseColumns {
  const start = new Int32Array(nColumns + 1);
  const rows = rowStart.length - 1;
  for (let p = 0; p < rows; p++) {
    if (keep(p)) for (let e = rowStart[p]; e < rowStart[p + 1]; e++) start[column[e] + 1]++;
  }
  for (let c = 0; c < nColumns; c++) start[c + 1] += start[c];
  const next = start.slice(0, nColumns);
  const row = new Int32Array(start[nColumns]);
  const out = new Float64Array(start[nColumns]);
  for (let p = 0; p < rows; p++) {
    if (!keep(p)) continue;
    for (let e = rowStart[p]; e < rowStart[p + 1]; e++) {
      const at = next[column[e]]++;
      row[at] = p;
      out[at] = value[e];
    }
  }
  return { start, row, value: out };
}

/** Writes Σ_p weights[p] · a_pc into sums[c] for every column c, each sum from +0 in ascending row order. */
export function columnSums(matrix: SparseColumns, weights: Float64Array, sums: Float64Array): void {
  const { start, row, value } = matrix;
  const n = start.length - 1;
  for (let c = 0; c < n; c++) {
    let sum = 0;
    const end = start[c + 1];
    for (let e = start[c]; e < end; e++) sum += weights[row[e]] * value[e];
    sums[c] = sum;
  }
}
