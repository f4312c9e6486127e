/**
 * Two-rater tables kept sparse: only the cells that can hold items, in row-major order, with the row and column
 * totals summed in the dense loop's order (sparse-terms.ts), so a resample of a table with many categories costs its
 * cells and its rows and columns in use, not q².
 */
import { confusionCells } from './confusion-matrix';
import type { RatingPatterns } from './patterns';
import { nonzeroOf } from './sparse-terms';

/** Cells of a q × q table that can hold items, by ascending flat index k·q + l, with their current counts. */
export interface SparseTable {
  q: number;
  cell: Int32Array;
  row: Int32Array;
  column: Int32Array;
  value: Float64Array;
  /** The rows and the columns some cell lies in, ascending. */
  rows: Int32Array;
  columns: Int32Array;
  /** Index into `cell` of each pattern's cell, −1 where either rater did not rate (empty for a dense table's). */
  slot: Int32Array;
}

function sparseTable(q: number, cells: readonly number[], slot: Int32Array): SparseTable {
  const row = Int32Array.from(cells, (c) => Math.floor(c / q));
  const column = Int32Array.from(cells, (c, e) => c - row[e] * q);
  const ascending = (list: Int32Array) => Int32Array.from(new Set(list)).sort();
  const value = new Float64Array(cells.length);
  const [rows, columns] = [ascending(row), ascending(column)];
  return { q, cell: Int32Array.from(cells), row, column, value, rows, columns, slot };
}

/** The table of two raters (by index) over the patterns; fillTable puts a weighting's counts in it. */
export function patternTable(patterns: RatingPatterns, raterA: number, raterB: number): SparseTable {
  const byPattern = confusionCells(patterns, raterA, raterB);
  const cells = [...new Set(byPattern.filter((c) => c >= 0))].sort((a, b) => a - b);
  const index = new Map(cells.map((c, e) => [c, e]));
  const slot = Int32Array.from(byPattern, (c) => (c < 0 ? -1 : index.get(c)!));
  return sparseTable(patterns.nCategories, cells, slot);
}

/** The nonzero cells of a flat q × q table of counts. */
export function denseTable(table: ArrayLike<number>, q: number): SparseTable {
  const cells: number[] = [];
  for (let c = 0; c < q * q; c++) if (table[c] !== 0) cells.push(c);
  const t = sparseTable(q, cells, new Int32Array(0));
  cells.forEach((c, e) => (t.value[e] = table[c]));
  return t;
}

/** Puts the counts of weighted patterns in a pattern table, each cell's patterns added in pattern order. */
export function fillTable(t: SparseTable, itemWeights: Float64Array): void {
  const { slot, value } = t;
  value.fill(0);
  for (let p = 0; p < slot.length; p++) if (slot[p] >= 0) value[slot[p]] += itemWeights[p];
}

/** A table's total n and row and column totals, the rows and columns with a nonzero total, and scratch lists. */
export interface Margins {
  n: number;
  rowSums: Float64Array;
  colSums: Float64Array;
  rows: Int32Array;
  nRows: number;
  columns: Int32Array;
  nColumns: number;
  /** Scratch of length q for the coefficients' own sums. */
  either: Int32Array;
  values: Float64Array;
}

/** Margins of q × q tables, to be filled by fillMargins. */
export function tableMargins(q: number): Margins {
  const lists = () => new Int32Array(q);
  return {
    n: 0,
    rowSums: new Float64Array(q),
    colSums: new Float64Array(q),
    rows: lists(),
    nRows: 0,
    columns: lists(),
    nColumns: 0,
    either: lists(),
    values: new Float64Array(q),
  };
}

/** Fills the margins of a table, adding the cells in row-major order as a dense loop over the table does. */
export function fillMargins(t: SparseTable, m: Margins): void {
  const { row, column, value } = t;
  const { rowSums, colSums } = m;
  rowSums.fill(0);
  colSums.fill(0);
  let n = 0;
  for (let e = 0; e < value.length; e++) {
    const x = value[e];
    rowSums[row[e]] += x;
    colSums[column[e]] += x;
    n += x;
  }
  m.n = n;
  m.nRows = nonzeroOf(rowSums, t.rows, m.rows);
  m.nColumns = nonzeroOf(colSums, t.columns, m.columns);
}
