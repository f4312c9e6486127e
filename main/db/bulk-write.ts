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

/** How long closing a database waits for a checkpoint still running on a worker thread. */
const CLOSE_WAIT_MS = 5_000;

/** Flags of the checkpoint workers started for each database, set to 1 by each worker when it has closed its connection. */
const running = new WeakMap<Db, Int32Array[]>();

/**
 * Copies `db`'s write-ahead log into its file on a worker thread; resolves when done (never rejects; an in-memory
 * database has nothing to copy). Until then, `db.close()` waits for it: a connection left open on a file that is then
 * deleted and made anew could, on closing, delete the new file's log.
 */
export function checkpointInBackground(db: Db): Promise<void> {
  if (db.memory) return Promise.resolve();
  const done = new Int32Array(new SharedArrayBuffer(4));
  const job: CheckpointJob = { file: db.name, nativeBinding: nativeBindingOf(db), done };
  waitOnClose(db).push(done);
  return new Promise((resolve) => {
    const finish = () => {
      Atomics.store(done, 0, 1);
      resolve();
    };
    const worker = new Worker(ENTRY, { workerData: job });
    worker.unref(); // a process that is done may exit; its next connection checkpoints what is left
    worker.once('error', finish);
    worker.once('exit', finish);
  });
}

/** The checkpoint flags of `db`, making its `close()` wait for them the first time. */
function waitOnClose(db: Db): Int32Array[] {
  let flags = running.get(db);
  if (!flags) {
    const list: Int32Array[] = [];
    const close = db.close.bind(db);
    db.close = () => {
      for (const flag of list.splice(0)) Atomics.wait(flag, 0, 0, CLOSE_WAIT_MS);
      return close();
    };
    running.set(db, (flags = list));
  }
  return flags;
}
