import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open';
import { inWriteTransaction } from './transaction';
import { holdWriteLock } from '../../test-support/write-lock-holder';

const dir = mkdtempSync(join(tmpdir(), 'earshot-transaction-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const wallNow = () => performance.timeOrigin + performance.now();

describe('inWriteTransaction beside a connection holding the write lock', () => {
  it('takes the lock within milliseconds of its release, however long it waited', async () => {
    const file = join(dir, 'waits.sqlite');
    const db = openDatabase(file);
    db.exec('CREATE TABLE t (v INTEGER)');
    const { released } = await holdWriteLock(file, 250);
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
    const { released } = await holdWriteLock(file, 600);
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
