/**
 * How a migration that rebuilds tables runs: SQLite's "Making Other Kinds Of Table Schema Changes" procedure
 * (https://www.sqlite.org/lang_altertable.html) — foreign keys off, one transaction, `PRAGMA foreign_key_check`
 * before the commit, foreign keys back on.
 *
 * Foreign keys must really be off, not merely deferred: with them on, `DROP TABLE` first runs an implicit
 * `DELETE FROM` that carries out the child tables' `ON DELETE CASCADE` and `SET NULL` actions, so dropping the old
 * `episodes` would empty `turns`. `PRAGMA defer_foreign_keys` only postpones the checks, not those actions, and
 * `PRAGMA legacy_alter_table` only changes how a rename rewrites references. `PRAGMA foreign_keys` does nothing inside
 * a transaction, so it is switched off before the migration's transaction begins and restored after it ends.
 */
import type Database from 'better-sqlite3';

/** A migration that rebuilds tables in code (see this module's comment for how it runs). */
export interface RebuildMigration {
  version: number;
  /** Rebuilds the tables; runs inside the migration's transaction with foreign keys off. */
  rebuild: (db: Database.Database) => void;
}

interface ForeignKeyViolation {
  table: string;
  rowid: number | null;
  parent: string;
}

/** Throws, naming the first row, when a row refers to a parent row that does not exist. */
function assertForeignKeysHold(db: Database.Database, version: number): void {
  const violations = db.pragma('foreign_key_check') as ForeignKeyViolation[];
  if (!violations.length) return;
  const [v] = violations;
  throw new Error(
    `migration ${version}: ${violations.length} row(s) refer to missing parent rows, first ${v.table} rowid ` +
      `${v.rowid} (its ${v.parent} row is missing); nothing was changed`,
  );
}

/** Applies `m` in one transaction that also sets `user_version`, with foreign keys off around it. */
export function applyRebuild(db: Database.Database, m: RebuildMigration): void {
  if (db.inTransaction) throw new Error(`migration ${m.version} rebuilds tables and cannot run inside a transaction`);
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      m.rebuild(db);
      assertForeignKeysHold(db, m.version);
      db.pragma(`user_version = ${m.version}`);
    })();
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}
