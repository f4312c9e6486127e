/** Opens the studio's SQLite database: WAL, foreign keys, numbered migrations, refusal of newer schemas. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { migrations as defaultMigrations } from './migrations/index';

/** The database handle type used across the main side. */
export type Db = Database.Database;

/** Options for opening a database. */
export interface OpenOptions {
  /** Path to a better_sqlite3.node built for the running runtime (Electron needs its own ABI build). */
  nativeBinding?: string;
  /** Migrations to apply; defaults to the studio's own. */
  migrations?: readonly string[];
}

/** Raised when the file was written by a newer Earshot than this one. */
export class SchemaTooNewError extends Error {}

/** Opens (creating if needed) the database at `file` and brings it to the current schema. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, options.migrations ?? defaultMigrations, file);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** Applies every migration above the file's `user_version`, each in its own transaction. */
export function migrate(db: Db, migrations: readonly string[], file: string): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new SchemaTooNewError(
      `${file}: database schema version ${current} is newer than this Earshot understands (${migrations.length}); ` +
        'open it with a newer Earshot, or use another --db file.',
    );
  }
  for (let version = current + 1; version <= migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version - 1]);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
