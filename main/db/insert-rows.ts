/** Many-row inserts: `INSERT … VALUES (…), (…), …` with up to a fixed number of rows per statement, the rest in one more. */
import type Database from 'better-sqlite3';
import type { Db } from './open';

/**
 * Inserts rows into one table, `perStatement` rows a statement. Binding many rows in one call costs less than one call
 * per row, and where an insert fires a trigger that writes elsewhere, SQLite copies every page the statement touches
 * into a statement journal first (so the statement can be undone on its own); one statement for many rows pays that
 * once instead of once per row.
 */
export class RowInserter {
  /** Statements by number of rows, prepared when first needed. */
  private readonly statements = new Map<number, Database.Statement<unknown[]>>();

  /** `head` is the statement up to VALUES, e.g. `INSERT INTO t (a, b)`; every row has `width` values. */
  constructor(
    private readonly db: Db,
    private readonly head: string,
    private readonly width: number,
    private readonly perStatement = 128,
  ) {}

  /** Inserts rows given one after another in `values` (`width` values each), in order. */
  run(values: readonly unknown[]): void {
    const { width, perStatement } = this;
    if (values.length % width !== 0) throw new Error(`${values.length} values do not make rows of ${width} columns`);
    const step = width * perStatement;
    let i = 0;
    for (; i + step <= values.length; i += step) this.statement(perStatement).run(values.slice(i, i + step));
    if (i < values.length) this.statement((values.length - i) / width).run(values.slice(i));
  }

  private statement(rows: number): Database.Statement<unknown[]> {
    let stmt = this.statements.get(rows);
    if (!stmt) {
      const tuple = `(${Array(this.width).fill('?').join(', ')})`;
      stmt = this.db.prepare(`${this.head} VALUES ${Array(rows).fill(tuple).join(', ')}`);
      this.statements.set(rows, stmt);
    }
    return stmt;
  }
}
