/** Transactions for code outside main/db: the one way it groups reads and writes so they commit together or not. */
import type { Db } from './open';

/** Runs `work` in one transaction (deferred: the write lock comes with its first write); nested calls are savepoints. */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work)();
}

/**
 * Runs `work` in one transaction that takes the write lock when it begins (BEGIN IMMEDIATE): a save that reads before
 * it writes then waits for another writer instead of failing half-way with 'database is locked'.
 */
export function inWriteTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}
