/** Transactions for code outside main/db: the one way it groups reads and writes so they commit together or not. */
import type { Db } from './open';

/** Runs `work` in one transaction (deferred: the write lock comes with its first write); nested calls are savepoints. */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work)();
}

/** How often a write transaction asks for the write lock again while another connection holds it. */
const LOCK_POLL_MS = 1;

const sleeper = new Int32Array(new SharedArrayBuffer(4));

const isBusy = (err: unknown) => (err as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/**
 * Runs `work` in one transaction that takes the write lock when it begins (BEGIN IMMEDIATE): a save that reads before
 * it writes then waits for another writer instead of failing half-way with 'database is locked'.
 *
 * While another connection holds the lock, it asks again every millisecond, up to the connection's busy timeout,
 * instead of leaving the wait to SQLite, whose busy handler sleeps longer and longer (up to 100 ms between tries). An
 * import writes in short transactions with a pause between them; SQLite's handler would mostly sleep through those
 * pauses, so a label save could wait for many of them. Asked this often, it gets the lock in the first pause.
 */
export function inWriteTransaction<T>(db: Db, work: () => T): T {
  if (db.inTransaction) return db.transaction(work).immediate();
  const timeoutMs = db.pragma('busy_timeout', { simple: true }) as number;
  let began = false;
  const transaction = db.transaction(() => {
    began = true;
    db.pragma(`busy_timeout = ${timeoutMs}`);
    return work();
  });
  const deadline = performance.now() + timeoutMs;
  db.pragma('busy_timeout = 0');
  try {
    for (;;) {
      try {
        return transaction.immediate();
      } catch (err) {
        if (began || !isBusy(err) || performance.now() >= deadline) throw err;
        Atomics.wait(sleeper, 0, 0, LOCK_POLL_MS);
      }
    }
  } finally {
    db.pragma(`busy_timeout = ${timeoutMs}`);
  }
}

/**
 * Like inWriteTransaction, but its commit does not wait for the disk (synchronous = NORMAL, for this transaction
 * only): for rows no reader sees yet, such as an import's before it completes. A power cut may undo such commits
 * (the last ones, never half of one); the next commit that waits for the disk, on any connection, makes them durable
 * too. The commit then holds the write lock for less time.
 */
export function inUnsyncedWriteTransaction<T>(db: Db, work: () => T): T {
  const mode = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  try {
    return inWriteTransaction(db, work);
  } finally {
    db.pragma(`synchronous = ${mode}`);
  }
}

/** A number that changes whenever another connection commits to the database (`PRAGMA data_version`). */
export function othersCommitMark(db: Db): number {
  return db.pragma('data_version', { simple: true }) as number;
}
