/** Worker thread that copies a database's write-ahead log into the database file, with its own connection. */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

/** What the worker is given. */
export interface CheckpointJob {
  file: string;
  nativeBinding?: string;
}

const { file, nativeBinding } = workerData as CheckpointJob;
const db = new Database(file, nativeBinding ? { nativeBinding } : {});
try {
  db.pragma('busy_timeout = 5000');
  // PASSIVE: copies what it can without waiting for readers or blocking writers; the rest is copied by a later checkpoint
  db.pragma('wal_checkpoint(PASSIVE)');
} finally {
  db.close();
}
parentPort?.postMessage('done');
