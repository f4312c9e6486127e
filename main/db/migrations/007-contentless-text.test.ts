import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../open';
import { migrations } from './index';

const dir = mkdtempSync(join(tmpdir(), 'earshot-migration-7-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const search = (db: Database.Database, q: string) => db.prepare('SELECT rowid FROM episode_text WHERE episode_text MATCH ? ORDER BY rowid').pluck().all(q);

describe('migration 7 (contentless full-text index)', () => {
  it('rebuilds the index from the turns of a database at version 6, keeps answering searches and forgets deleted episodes', () => {
    const file = join(dir, 'v6.sqlite');
    const db = new Database(file);
    migrate(db, migrations.filter((m) => m.version <= 6), file);
    db.exec(`
      INSERT INTO studies (id, name, benchmark, created_at) VALUES (1, 's', 'generic', '2026-01-01');
      INSERT INTO episodes (id, study_id, external_id, benchmark, content_hash) VALUES (1, 1, 'a', 'generic', 'h1'), (2, 1, 'b', 'generic', 'h2');
      INSERT INTO turns (episode_id, idx, speaker, text) VALUES (1, 1, 'agent', 'refund issued'), (1, 0, 'user', 'I want a refund'), (1, 2, 'tool', ''), (2, 0, 'user', 'change my flight');
      INSERT INTO episode_text (rowid, text) VALUES (1, 'I want a refund refund issued'), (2, 'change my flight');
    `);
    db.close();
    const migrated = openDatabase(file);
    expect(search(migrated, 'refund')).toEqual([1]);
    expect(search(migrated, '"want a refund refund issued"')).toEqual([1]);
    expect(search(migrated, 'flight OR refund')).toEqual([1, 2]);
    expect(migrated.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'episode_text_content'").pluck().get()).toBe(0);
    migrated.prepare('DELETE FROM episode_rows WHERE id = 1').run();
    expect(search(migrated, 'flight OR refund')).toEqual([2]);
    migrated.close();
  });
});
