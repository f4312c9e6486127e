import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open';
import { inWriteTransaction } from './transaction';

const dir = mkdtempSync(join(tmpdir(), 'earshot-transaction-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Another connection, on a worker thread, that holds the write lock for `holdMs` and says when it let go. */
const HOLDER = `
const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
const { parentPort, workerData } = require('node:worker_threads');
const db = new Database(workerData.file);
db.exec('BEGIN IMMEDIATE');
parentPort.postMessage({ held: true });
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
db.exec('COMMIT');
parentPort.postMessage({ releasedAt: performance.timeOrigin + performance.now() });
db.close();
`;

/** Starts the holder; resolves once it holds the lock, with a promise of the moment it lets go (wall clock, ms). */
function holdLock(file: string, holdMs: number): Promise<{ released: Promise<number> }> {
  const worker = new Worker(HOLDER, { eval: true, workerData: { file, holdMs } });
  return new Promise((held) => {
    const released = new Promise<number>((resolve) =>
      worker.on('message', (m: { held?: true; releasedAt?: number }) => {
        if (m.held) held({ released });
        if (m.releasedAt) resolve(m.releasedAt);
      }),
    );
  });
}

const wallNow = () => performance.timeOrigin + performance.now();

describe('inWriteTransaction beside a connection holding the write lock', () => {
  it('takes the lock within milliseconds of its release, however long it waited', async () => {
    const file = join(dir, 'waits.sqlite');
    const db = openDatabase(file);
    db.exec('CREATE TABLE t (v INTEGER)');
    const { released } = await holdLock(file, 250);
    // SQLite's own busy handler would sleep 100 ms at a time by now, and take the lock ≈80 ms after its release
    const acquiredAt = inWriteTransaction(db, () => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      return wallNow();
    });
    expect(acquiredAt - (await released)).toBeLessThan(30);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
  });

  it('gives up after the connection’s busy timeout with database is locked, changing nothing', async () => {
    const file = join(dir, 'gives-up.sqlite');
    const db = openDatabase(file);
    db.exec('CREATE TABLE t (v INTEGER)');
    db.pragma('busy_timeout = 100');
    const { released } = await holdLock(file, 600);
    const started = wallNow();
    expect(() => inWriteTransaction(db, () => db.prepare('INSERT INTO t VALUES (1)').run())).toThrow(
      'database is locked',
    );
    const waited = wallNow() - started;
    expect(waited).toBeGreaterThanOrEqual(100);
    expect(waited).toBeLessThan(550);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(100);
    await released;
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(0);
    db.close();
  });
});
