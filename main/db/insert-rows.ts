/** Many-row inserts: `INSERT … VALUES (…), (…), …` with up to a fixed number of rows per statement. */
import type Database from 'better-sqlite3';
import type { Db } from './open';

/**
 * Inserts rows into one table, `perStatement` rows a statement. Where an insert fires a trigger that writes elsewhere,
 * SQLite copies every page the statement touches into a statement journal first (so the statement can be undone on
 * its own); one statement for many rows pays that once instead of once per row.
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

  /** Inserts `rows` in order (each of `width` values). */
  run(rows: readonly (readonly unknown[])[]): void {
    let i = 0;
    for (; i + this.perStatement <= rows.length; i += this.perStatement) {
      const values: unknown[] = [];
      for (let r = i; r < i + this.perStatement; r++) values.push(...this.checked(rows[r]));
      this.many.run(values);
    }
    for (; i < rows.length; i++) this.one.run(this.checked(rows[i]));
  }

  private checked(row: readonly unknown[]): unknown[] {
    if (row.length !== this.width) throw new Error(`a row of ${row.length} values for ${this.width} columns`);
    return row as unknown[];
  }
}
