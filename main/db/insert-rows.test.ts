import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RowInserter } from './insert-rows';

describe('RowInserter', () => {
  it('inserts every row in order, whole statements first and the rest in one more', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b INTEGER)');
    const rows = Array.from({ length: 11 }, (_, i) => [i + 1, `r${i}`, i * i]);
    new RowInserter(db, 'INSERT INTO t (id, a, b)', 3, 4).run(rows.flat());
    expect(db.prepare('SELECT id, a, b FROM t ORDER BY rowid').raw().all()).toEqual(rows);
    new RowInserter(db, 'INSERT INTO t (id, a, b)', 3, 4).run([]);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(11);
  });

  it('refuses values that do not fill whole rows', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (a, b)');
    expect(() => new RowInserter(db, 'INSERT INTO t (a, b)', 2).run([1, 2, 3])).toThrow('3 values do not make rows of 2 columns');
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(0);
  });
});
