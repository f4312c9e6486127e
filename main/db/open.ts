/** Opens the studio's SQLite database: WAL, foreign keys, numbered migrations, refusal of newer schemas. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations as defaultMigrations, type Migration } from './migrations/index';
import { applyRebuild } from './migrations/table-rebuild';
import { sweepAbandonedImports } from './import-staging';

/** The database handle type used across the main side. */
export type Db = Database.Database;

/** Options for opening a database. */
export interface OpenOptions {
  /** Path to a better_sqlite3.node built for the running runtime (Electron needs its own ABI build). */
  nativeBinding?: string;
  /** Migrations to apply; defaults to the studio's own. */
  migrations?: readonly Migration[];
}

const nativeBindings = new WeakMap<Db, string>();

/** The native binding `db` was opened with, if one was given (worker threads opening the same file need it too). */
export function nativeBindingOf(db: Db): string | undefined {
  return nativeBindings.get(db);
}

/** Raised when the file was written by a newer Earshot than this one. */
export class SchemaTooNewError extends Error {}

/**
 * Opens (creating if needed) the database at `file`, brings it to the current schema and removes what imports whose
 * process died left unfinished (never visible; see import-staging.ts).
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, options.migrations ?? defaultMigrations, file);
    sweepAbandonedImports(db);
    if (options.nativeBinding) nativeBindings.set(db, options.nativeBinding);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Applies every migration above the file's `user_version`, each in its own transaction with its version. */
export function migrate(db: Db, migrations: readonly Migration[], file: string): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length ? migrations[migrations.length - 1].version : 0;
  if (current > latest) {
    throw new SchemaTooNewError(
      `${file}: database schema version ${current} is newer than this Earshot understands (${latest}); ` +
        'open it with a newer Earshot, or use another --db file.',
    );
  }
  for (const m of migrations) {
    if (m.version <= current) continue;
    if ('rebuild' in m) {
      applyRebuild(db, m);
      continue;
    }
    db.transaction(() => {
      if ('update' in m) m.update(db);
      else db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}
