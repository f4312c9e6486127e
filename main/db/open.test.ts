import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, SchemaTooNewError } from './open';
import { latestVersion, migrations } from './migrations/index';

const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'earshot-db-'));
  dirs.push(dir);
  return join(dir, 'nested', 'earshot.db');
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('openDatabase', () => {
  it('creates the file, applies every migration and sets user_version', () => {
    const db = openDatabase(tempDb());
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    for (const t of ['studies', 'episode_rows', 'turns', 'audio_assets', 'judgements', 'annotators', 'annotations', 'adjudications', 'label_history']) {
      expect(tables).toContain(t);
    }
    db.close();
  });

  it('is idempotent: reopening applies nothing twice', () => {
    const file = tempDb();
    openDatabase(file).close();
    const db = openDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
    db.close();
  });

  it('refuses a database written by a newer Earshot, naming the file, and leaves it untouched', () => {
    const file = tempDb();
    openDatabase(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${latestVersion + 5}`);
    raw.close();
    expect(() => openDatabase(file)).toThrow(SchemaTooNewError);
    expect(() => openDatabase(file)).toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*newer`));
    const check = new Database(file);
    expect(check.pragma('user_version', { simple: true })).toBe(latestVersion + 5);
    check.close();
  });

  it('rolls a failing migration back whole, keeping the previous version', () => {
    const file = tempDb();
    const broken = [...migrations, { version: latestVersion + 1, sql: 'CREATE TABLE half_done (x INTEGER); INSERT INTO no_such_table VALUES (1);' }];
    expect(() => openDatabase(file, { migrations: broken })).toThrow(/no_such_table/);
    const db = openDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion);
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'half_done'").get()).toEqual({ n: 0 });
    db.close();
  });

  it('enforces foreign keys and keeps the label history append-only', () => {
    const db = openDatabase(tempDb());
    expect(() => db.prepare("INSERT INTO episode_rows (study_id, external_id, benchmark, content_hash) VALUES (999, 'x', 'generic', 'h')").run()).toThrow(/FOREIGN KEY/);
    db.prepare("INSERT INTO label_history (episode_id, field, phase, action, at) VALUES (1, 'source', 'final', 'set', 'now')").run();
    expect(() => db.prepare("UPDATE label_history SET field = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM label_history').run()).toThrow(/append-only/);
    db.close();
  });
});
