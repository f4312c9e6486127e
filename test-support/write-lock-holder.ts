/** Another connection, on a worker thread, that takes the write lock, optionally writes, holds it, then commits. */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const HOLDER = `
const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
const { parentPort, workerData } = require('node:worker_threads');
const db = new Database(workerData.file);
db.exec('BEGIN IMMEDIATE');
db.exec(workerData.sql);
parentPort.postMessage({ held: true });
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
db.exec('COMMIT');
parentPort.postMessage({ releasedAt: performance.timeOrigin + performance.now() });
db.close();
`;

/**
 * Starts the holder on the database `file`: it runs `sql` inside its transaction and commits `holdMs` later. Resolves
 * once it holds the lock, with a promise of the moment it let go (wall clock, ms).
 */
export function holdWriteLock(file: string, holdMs: number, sql = ''): Promise<{ released: Promise<number> }> {
  const worker = new Worker(HOLDER, { eval: true, workerData: { file, holdMs, sql } });
  return new Promise((held, failed) => {
    worker.on('error', failed);
    const released = new Promise<number>((resolve) =>
      worker.on('message', (m: { held?: true; releasedAt?: number }) => {
        if (m.held) held({ released });
        if (m.releasedAt) resolve(m.releasedAt);
      }),
    );
  });
}
