/** Many-row inserts: `INSERT … VALUES (…), (…), …` with up to a fixed number of rows per statement. */
import type Database from 'better-sqlite3';
import type { Db } from './open';

/**
 * Inserts rows into one table, `perStatement` rows a statement. Binding many rows in one call costs less than one call
 * per row, and where an insert fires a trigger that writes elsewhere, SQLite copies every page the statement touches
 * into a statement journal first (so the statement can be undone on its own); one statement for many rows pays that
 * once instead of once per row.
 */
export class RowInserter {
  private readonly many: Database.Statement<unknown[]>;
  private readonly one: Database.Statement<unknown[]>;

  /** `head` is the statement up to VALUES, e.g. `INSERT INTO t (a, b)`; every row has `width` values. */
  constructor(
    db: Db,
    head: string,
    private readonly width: number,
    private readonly perStatement = 128,
  ) {
    const tuple = `(${Array(width).fill('?').join(', ')})`;
    this.many = db.prepare(`${head} VALUES ${Array(perStatement).fill(tuple).join(', ')}`);
    this.one = db.prepare(`${head} VALUES ${tuple}`);
  }

  /** Inserts rows given one after another in `values` (`width` values each), in order. */
  run(values: readonly unknown[]): void {
    const { width, perStatement } = this;
    if (values.length % width !== 0) throw new Error(`${values.length} values do not make rows of ${width} columns`);
    const step = width * perStatement;
    let i = 0;
    for (; i + step <= values.length; i += step) this.many.run(values.slice(i, i + step));
    for (; i < values.length; i += width) this.one.run(values.slice(i, i + width));
  }
}
