/**
 * A read-only connection to a studio's database file, for worker threads that only read (the metrics worker): no
 * migrations, no sweep of abandoned imports; the file must already be at this Earshot's schema.
 */
import Database from 'better-sqlite3';
import type { Db } from './open';
import { migrations } from './migrations/index';

/** Opens `file` read-only; refuses a file whose schema is not this Earshot's. */
export function openReadOnly(file: string, options: { nativeBinding?: string } = {}): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true, ...options });
  try {
    db.pragma('busy_timeout = 5000');
    const version = db.pragma('user_version', { simple: true }) as number;
    const latest = migrations[migrations.length - 1]?.version ?? 0;
    if (version !== latest) throw new Error(`${file}: schema version ${version}, this Earshot reads ${latest}`);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
