/** Statements prepared once per connection, for the writes an import runs once per row. */
import type Database from 'better-sqlite3';
import type { Db } from './open';

type Statement = Database.Statement<unknown[]>;

const statementsByDb = new WeakMap<Db, Map<string, Statement>>();

/** The prepared statement for `sql` on `db`, prepared on first use and kept as long as the connection. */
export function cachedStatement(db: Db, sql: string): Statement {
  let cache = statementsByDb.get(db);
  if (!cache) statementsByDb.set(db, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) cache.set(sql, (stmt = db.prepare<unknown[]>(sql)));
  return stmt;
}
