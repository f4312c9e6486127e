/** Worker thread that copies a database's write-ahead log into the database file, with its own connection. */
import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';

/** What the worker is given: the file, and a flag it sets to 1 once its connection is closed. */
export interface CheckpointJob {
  file: string;
  nativeBinding?: string;
  done: Int32Array;
}

const { file, nativeBinding, done } = workerData as CheckpointJob;
try {
  // never creates a file: one deleted since the job was made needs no checkpoint
  const db = new Database(file, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    db.pragma('busy_timeout = 5000');
    // PASSIVE: copies what it can without waiting for readers or blocking writers; the rest is copied by a later checkpoint
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
  }
} finally {
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
}
