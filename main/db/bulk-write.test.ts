import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bulkWrite } from './bulk-write';
import { openDatabase } from './open';

const dir = mkdtempSync(join(tmpdir(), 'earshot-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (check()) return true;
  return check();
}

describe('bulkWrite', () => {
  it('writes with a larger page cache and commits without copying the log into the file, which a worker thread copies afterwards', async () => {
    const file = join(dir, 'big.sqlite');
    const db = openDatabase(file);
    db.exec('CREATE TABLE blob_rows (id INTEGER PRIMARY KEY, v TEXT)');
    const before = statSync(file).size;
    const cache = db.pragma('cache_size', { simple: true });
    let cacheDuring: unknown;
    bulkWrite(db, () =>
      db.transaction(() => {
        cacheDuring = db.pragma('cache_size', { simple: true });
        const insert = db.prepare('INSERT INTO blob_rows (v) VALUES (?)');
        for (let i = 0; i < 3000; i++) insert.run('x'.repeat(4000));
      })(),
    );
    expect(cacheDuring).toBe(-64 * 1024);
    // the commit returned with the rows in the log only, and the automatic checkpoint is back on
    expect(statSync(file).size).toBe(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(12_000_000);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(db.pragma('cache_size', { simple: true })).toBe(cache);
    expect(await until(() => statSync(file).size > 12_000_000, 10_000)).toBe(true);
    expect(db.prepare('SELECT count(*) FROM blob_rows').pluck().get()).toBe(3000);
    db.close();
  });

  it('leaves no log once closed after a bulk write, with everything in the file', () => {
    for (let round = 0; round < 4; round++) {
      const file = join(dir, `closed-${round}.sqlite`);
      const db = openDatabase(file);
      db.exec('CREATE TABLE blob_rows (id INTEGER PRIMARY KEY, v TEXT)');
      bulkWrite(db, () => db.transaction(() => {
        const insert = db.prepare('INSERT INTO blob_rows (v) VALUES (?)');
        for (let i = 0; i < 1500; i++) insert.run('y'.repeat(4000));
      })());
      db.close();
      // close() waits for the checkpoint worker, so it closes the last connection, which removes the log
      expect(existsSync(`${file}-wal`)).toBe(false);
      expect(statSync(file).size).toBeGreaterThan(6_000_000);
    }
  });

  it('turns the automatic checkpoint and the usual page cache back on when the write fails', () => {
    const db = openDatabase(join(dir, 'failing.sqlite'));
    const cache = db.pragma('cache_size', { simple: true });
    expect(() => bulkWrite(db, () => db.exec('INSERT INTO no_such_table VALUES (1)'))).toThrow(/no_such_table/);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(db.pragma('cache_size', { simple: true })).toBe(cache);
    db.close();
  });
});
