import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../open';
import { migrations } from './index';

const dir = mkdtempSync(join(tmpdir(), 'earshot-migration-19-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A version 18 database with two studies, their episodes, a turn and conditions. */
function version18(file: string): void {
  const db = new Database(file);
  migrate(
    db,
    migrations.filter((m) => m.version <= 18),
    file,
  );
  db.exec(`INSERT INTO studies (id, name, benchmark, created_at) VALUES (1, 'one', 'generic', 'now'),
             (2, 'two', 'generic', 'now');
           INSERT INTO episodes (id, study_id, external_id, benchmark, content_hash, reward, outcome) VALUES
             (1, 1, 'e1', 'generic', 'h1', 0.5, 'pass'), (2, 1, 'e2', 'generic', 'h2', NULL, NULL),
             (3, 2, 'e3', 'generic', 'h3', 1, 'pass');
           INSERT INTO turns (episode_id, idx, speaker, text) VALUES (1, 0, 'user', 'hello');
           INSERT INTO episode_conditions (episode_id, key, value) VALUES (1, 'noise', 'low');`);
  db.close();
}

const versions = (db: Database.Database) =>
  Object.fromEntries(db.prepare('SELECT study_id, n FROM study_browse_version').raw().all() as [number, number][]);
const plan = (db: Db, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail);

describe('migration 19 (imports complete in place)', () => {
  it('keeps every episode readable as before through the view, with its turns, foreign keys and counters', () => {
    const file = join(dir, 'v18.sqlite');
    version18(file);
    const old = new Database(file, { readonly: true });
    const rows = old.prepare('SELECT * FROM episodes ORDER BY id').all();
    const counters = versions(old);
    old.close();

    const db = openDatabase(file);
    expect(db.prepare('SELECT * FROM episodes ORDER BY id').all()).toEqual(rows);
    expect(db.prepare('SELECT count(*) FROM episode_rows WHERE import_id IS NULL').pluck().get()).toBe(3);
    expect(versions(db)).toEqual(counters);
    expect(db.prepare('SELECT count(*) FROM turns t JOIN episodes e ON e.id = t.episode_id').pluck().get()).toBe(1);
    expect(() => db.prepare("INSERT INTO turns (episode_id, idx, speaker) VALUES (99, 0, 'user')").run()).toThrow(
      /FOREIGN KEY/,
    );
    // the browse indexes still answer alone what they answered alone
    expect(plan(db, 'SELECT id FROM episodes WHERE study_id = 1 ORDER BY reward')[0]).toMatch(
      /COVERING INDEX episodes_reward/,
    );
    db.close();
  });

  it('hides the rows of an import in progress, bumps nobody for them, and shows them once the import is done', () => {
    const file = join(dir, 'pending.sqlite');
    version18(file);
    const db = openDatabase(file);
    const before = versions(db);
    const pending = db
      .prepare(
        `INSERT INTO imports (study_id, format, source, content_hash, imported_at)
         VALUES (2, 'generic', 'x', 'pending:1@host:abc', 'now')`,
      )
      .run().lastInsertRowid;
    db.prepare(
      `INSERT INTO episode_rows (id, study_id, external_id, benchmark, content_hash, import_id)
       VALUES (4, 1, 'e4', 'generic', 'h4', ?)`,
    ).run(pending);
    db.prepare("INSERT INTO episode_conditions (episode_id, key, value) VALUES (4, 'noise', 'high')").run();
    const ids = () => db.prepare('SELECT id FROM episodes WHERE study_id = 1 ORDER BY id').pluck().all();
    expect([ids(), versions(db)]).toEqual([[1, 2], before]);
    db.prepare("UPDATE imports SET content_hash = 'done', study_id = 1 WHERE id = ?").run(pending);
    expect(ids()).toEqual([1, 2, 4]);
    db.close();
  });
});
