import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { queryEpisodes } from '../episode-query';
import { moveStudyEpisodes } from '../episode-writer';
import { migrate, openDatabase } from '../open';
import { migrations } from './index';

const dir = mkdtempSync(join(tmpdir(), 'earshot-migration-17-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A version 16 database with two studies and episodes with and without rewards. */
function version16(file: string): void {
  const db = new Database(file);
  migrate(
    db,
    migrations.filter((m) => m.version <= 16),
    file,
  );
  db.exec(`INSERT INTO studies (id, name, benchmark, created_at) VALUES (1, 'one', 'generic', 'now'),
             (2, 'two', 'generic', 'now');
           INSERT INTO episodes (id, study_id, external_id, benchmark, content_hash, reward, outcome) VALUES
             (1, 1, 'e1', 'generic', 'h1', 0.5, 'pass'), (2, 1, 'e2', 'generic', 'h2', NULL, NULL),
             (3, 1, 'e3', 'generic', 'h3', 0, 'fail'), (4, 2, 'e4', 'generic', 'h4', 1, 'pass');`);
  db.close();
}

/** The indexes of the episodes' table: `episodes` until migration 19 renames it `episode_rows`. */
const episodeIndexes = (db: Database.Database, table = 'episodes') =>
  db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name").pluck().all(table);
const versions = (db: Database.Database) =>
  Object.fromEntries(db.prepare('SELECT study_id, n FROM study_browse_version').raw().all() as [number, number][]);

describe('migration 17 (a lighter move of episodes between studies)', () => {
  it('drops the four null-ordering indexes and keeps the rows and browse counters of a version 16 database', () => {
    const file = join(dir, 'v16.sqlite');
    version16(file);
    const old = new Database(file, { readonly: true });
    const rows = old.prepare('SELECT * FROM episodes ORDER BY id').all();
    const counters = versions(old);
    expect(episodeIndexes(old)).toHaveLength(12);
    old.close();

    const db = openDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version);
    expect(episodeIndexes(db, 'episode_rows').filter((name) => name !== 'episode_rows_import')).toEqual([
      'episodes_duration',
      'episodes_judge',
      'episodes_outcome',
      'episodes_reward',
      'episodes_study',
      'episodes_system',
      'episodes_task',
      'sqlite_autoindex_episode_rows_1',
    ]);
    expect(db.prepare('SELECT * FROM episodes ORDER BY id').all()).toEqual(rows);
    expect(versions(db)).toEqual(counters);
    // nulls still last, both ways, from the plain index
    const order = (dir: 'asc' | 'desc') =>
      queryEpisodes(db, { studyId: 1, offset: 0, limit: 10, sort: { key: 'reward', dir } }).rows.map((r) => r.id);
    expect([order('asc'), order('desc')]).toEqual([
      [3, 1, 2],
      [1, 3, 2],
    ]);
    db.close();
  });

  it('bumps on changes to browsed columns but not per row on study_id, which the move bumps once per study', () => {
    const file = join(dir, 'triggers.sqlite');
    version16(file);
    const db = openDatabase(file);
    const before = versions(db);
    db.prepare('UPDATE episode_rows SET study_id = 2 WHERE id = 1').run();
    expect(versions(db)).toEqual(before);
    db.prepare('UPDATE episode_rows SET reward = 0.25 WHERE id = 3').run();
    expect(versions(db)).toEqual({ ...before, 1: before[1] + 1 });
    db.prepare("UPDATE episode_rows SET study_id = 1, system = 'x' WHERE id = 1").run();
    expect(versions(db)).toEqual({ 1: before[1] + 2, 2: before[2] + 1 });
    moveStudyEpisodes(db, 1, 2);
    expect(versions(db)).toEqual({ 1: before[1] + 3, 2: before[2] + 2 });
    expect(db.prepare('SELECT count(*) FROM episodes WHERE study_id = 2').pluck().get()).toBe(4);
    moveStudyEpisodes(db, 1, 2); // nothing left to move: nothing changes
    expect(versions(db)).toEqual({ 1: before[1] + 3, 2: before[2] + 2 });
    db.close();
  });
});
