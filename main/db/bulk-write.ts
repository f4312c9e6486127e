/**
 * Bulk writes (imports). In WAL mode the transaction that grows the log past `wal_autocheckpoint` pages also copies the
 * whole log into the database file before its call returns: after an import of 10,000 calls that is ≈0.2 s of the main
 * thread for no gain in safety (the commit already made the data durable). A bulk write turns the automatic checkpoint
 * off for its transaction and leaves the copy to a worker thread with its own connection. It also gets a larger page
 * cache, so the indexes it grows stay in memory instead of being written out and read back during the transaction.
 */
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { CheckpointJob } from './checkpoint-worker';
import { nativeBindingOf, type Db } from './open';

const ENTRY = new URL('./checkpoint-worker-entry.mjs', import.meta.url);

/** Page cache of a bulk write, in KiB (better-sqlite3 builds SQLite with 16 MiB). */
const BULK_CACHE_KIB = 64 * 1024;

/**
 * Runs `write` (its transactions) with a larger page cache and without the automatic checkpoint at their commits; if
 * the log then holds more than the automatic checkpoint's threshold, a worker thread copies it into the file. Should
 * that worker fail, the next commit past the threshold checkpoints as usual.
 */
export function bulkWrite<T>(db: Db, write: () => T): T {
  const pages = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  const cache = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  let result: T;
  try {
    result = write();
  } finally {
    db.pragma(`wal_autocheckpoint = ${pages}`);
    db.pragma(`cache_size = ${cache}`);
  }
  if (pages > 0 && walPages(db) >= pages) void checkpointInBackground(db);
  return result;
}

/** Pages in `db`'s write-ahead log (0 when it has none). */
function walPages(db: Db): number {
  if (db.memory) return 0;
  try {
    return statSync(`${db.name}-wal`).size / (db.pragma('page_size', { simple: true }) as number);
  } catch {
    return 0;
  }
}

/** Copies `db`'s write-ahead log into its file on a worker thread; resolves when done (never rejects; an in-memory database has nothing to copy). */
export function checkpointInBackground(db: Db): Promise<void> {
  if (db.memory) return Promise.resolve();
  const job: CheckpointJob = { file: db.name, nativeBinding: nativeBindingOf(db) };
  return new Promise((resolve) => {
    const worker = new Worker(ENTRY, { workerData: job });
    worker.unref(); // a process that is done may exit; its next connection checkpoints what is left
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
}
