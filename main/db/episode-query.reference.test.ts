/**
 * queryEpisodes against a plain reference: one SQL statement per query, written here from the browser's definitions
 * (every filter ANDed, nulls last in both directions, ties by id in the sort's direction). Random data with duplicate
 * and missing values, two studies, multi-valued conditions and annotations; random queries; then writes of every kind
 * between queries, which must show in the very next page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase, type Db } from './open';
import { queryEpisodes } from './episode-query';
import { withStudyIndex } from './browse-index';
import { moveStudyEpisodes } from './episode-writer';
import { ftsQuery } from './episode-match';
import { mulberry32 } from '../stats/agreement/index';
import { SORT_KEYS, type EpisodeQuery } from '../../shared/types/browse';

const SYSTEMS = ['alpha', 'beta', 'gamma', 'Delta'];
const OUTCOMES = ['pass', 'fail', null];
const LABELS = ['vad', 'agent_error', 'pass', null];
const WORDS = ['refund', 'flight', 'baggage', 'cancel', 'order', 'confirm', 'confirmation', 'hello'];
const COLUMN: Record<(typeof SORT_KEYS)[number], string> = {
  id: 'id', externalId: 'external_id', system: 'system', task: 'task', outcome: 'outcome', reward: 'reward', judgeLabel: 'judge_label', durationMs: 'duration_ms',
};

let dir: string;
let db: Db;
const rand = mulberry32(20261130);
const pick = <T,>(xs: readonly T[]): T => xs[rand() % xs.length];
const chance = (pct: number) => rand() % 100 < pct;

function insertEpisode(studyId: number, n: number, id: number | null = null): void {
  const reward = chance(10) ? null : (rand() % 5) / 4;
  const rowid = db
    .prepare(
      `INSERT INTO episode_rows (id, study_id, external_id, benchmark, system, task, outcome, reward, duration_ms, judge_label, content_hash)
       VALUES (?, ?, ?, 'generic', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .pluck()
    .get(id, studyId, `ext-${rand() % 1000}-${n}`, pick(SYSTEMS), `t${rand() % 3}`, pick(OUTCOMES), reward, chance(10) ? null : (rand() % 4) * 1000, pick(LABELS), `h${studyId}-${n}`) as number;
  const cond = db.prepare('INSERT OR IGNORE INTO episode_conditions (episode_id, key, value) VALUES (?, ?, ?)');
  cond.run(rowid, 'env', pick(['regular', 'noise', 'speech']));
  if (chance(20)) cond.run(rowid, 'env', 'noise'); // some episodes carry two values of one key
  if (chance(70)) cond.run(rowid, 'tier', pick(['T1', 'T2']));
  db.prepare('INSERT INTO episode_text (rowid, text) VALUES (?, ?)').run(rowid, Array.from({ length: 1 + (rand() % 4) }, () => pick(WORDS)).join(' '));
  if (chance(30)) annotate(rowid, 1 + (rand() % 2), chance(30) ? 'false' : 'true');
}

function annotate(episodeId: number, annotatorId: number, agree: string): void {
  db.prepare(
    `INSERT INTO annotations (episode_id, annotator_id, field, phase, value, updated_at) VALUES (?, ?, 'judge_agree', 'final', ?, 'now')
     ON CONFLICT (episode_id, annotator_id, field, phase) DO UPDATE SET value = excluded.value`,
  ).run(episodeId, annotatorId, agree);
}

/** The reference: one statement, every filter in its WHERE clause. */
function reference(q: EpisodeQuery): { total: number; ids: number[] } {
  const where = ['e.study_id = ?'];
  const params: unknown[] = [q.studyId];
  const inList = (col: string, vs?: string[]) => {
    if (vs?.length) where.push(`${col} IN (${vs.map(() => '?').join(',')})`), params.push(...vs);
  };
  inList('e.system', q.system);
  inList('e.outcome', q.outcome);
  inList('e.judge_label', q.judgeLabel);
  for (const [k, vs] of Object.entries(q.condition ?? {})) {
    if (vs.length) where.push(`e.id IN (SELECT episode_id FROM episode_conditions WHERE key = ? AND value IN (${vs.map(() => '?').join(',')}))`), params.push(k, ...vs);
  }
  if (q.rewardMin !== undefined) where.push('e.reward >= ?'), params.push(q.rewardMin);
  if (q.rewardMax !== undefined) where.push('e.reward <= ?'), params.push(q.rewardMax);
  if (q.labelled && q.annotatorId) where.push(`${q.labelled === 'no' ? 'NOT ' : ''}EXISTS (SELECT 1 FROM annotations a WHERE a.episode_id = e.id AND a.annotator_id = ?)`), params.push(q.annotatorId);
  if (q.disagreement) where.push(`EXISTS (SELECT 1 FROM annotations a WHERE a.episode_id = e.id AND a.phase = 'final' AND a.field = 'judge_agree' AND a.value = 'false')`);
  if (q.search) {
    const fts = ftsQuery(q.search);
    if (fts) where.push('e.id IN (SELECT rowid FROM episode_text WHERE episode_text MATCH ?)'), params.push(fts);
    else where.push('0');
  }
  const sort = q.sort ?? { key: 'id', dir: 'asc' };
  const col = `e.${COLUMN[sort.key]}`;
  const dir = sort.dir.toUpperCase();
  const order = `(${col} IS NULL), ${col} ${dir}, e.id ${dir}`;
  const all = db.prepare(`SELECT e.id FROM episodes e WHERE ${where.join(' AND ')} ORDER BY ${order}`).pluck().all(...params) as number[];
  return { total: all.length, ids: all.slice(q.offset, q.offset + q.limit) };
}

function randomQuery(studyId: number): EpisodeQuery {
  const q: EpisodeQuery = { studyId, offset: chance(50) ? 0 : rand() % 60, limit: 1 + (rand() % 40) };
  if (chance(30)) q.system = [pick(SYSTEMS), pick([...SYSTEMS, 'missing'])];
  if (chance(25)) q.outcome = [pick(['pass', 'fail'])];
  if (chance(25)) q.judgeLabel = [pick(['vad', 'agent_error', 'pass'])];
  if (chance(30)) q.condition = { env: [pick(['regular', 'noise', 'speech'])], ...(chance(40) ? { tier: ['T2'] } : {}) };
  if (chance(20)) q.rewardMin = 0.25;
  if (chance(20)) q.rewardMax = 0.75;
  if (chance(20)) (q.labelled = pick(['yes', 'no'] as const)), (q.annotatorId = 1 + (rand() % 2));
  if (chance(15)) q.disagreement = true;
  if (chance(30)) q.search = pick(['refund', 'confirm', 'cancel order', 'bag', '!!', 'zzz']);
  if (chance(80)) q.sort = { key: pick(SORT_KEYS), dir: pick(['asc', 'desc'] as const) };
  return q;
}

function check(q: EpisodeQuery): void {
  const got = queryEpisodes(db, q);
  const want = reference(q);
  expect({ q, total: got.total, ids: got.rows.map((r) => r.id) }).toEqual({ q, total: want.total, ids: want.ids });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'earshot-query-ref-'));
  db = openDatabase(join(dir, 'studio.db'));
  db.exec(`INSERT INTO studies (id, name, benchmark, created_at) VALUES (1, 'one', 'generic', 'now'), (2, 'two', 'generic', 'now'), (3, 'sparse', 'generic', 'now');
           INSERT INTO annotators (id, name, initials, created_at) VALUES (1, 'Ana', 'A', 'now'), (2, 'Bo', 'B', 'now');`);
  db.transaction(() => {
    for (let i = 0; i < 400; i++) insertEpisode(1 + (i % 5 === 0 ? 1 : 0), i);
    for (let i = 0; i < 60; i++) insertEpisode(3, 1000 + i, 100_000 + i * 7919); // ids too far apart for a direct table
  })();
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('queryEpisodes equals the one-statement reference', () => {
  it('on 400 random queries over three studies, one with sparse ids', () => {
    for (let i = 0; i < 400; i++) check(randomQuery([1, 1, 2, 3][i % 4]));
  });

  it('sees every kind of write in the next query', () => {
    const qs = Array.from({ length: 30 }, () => randomQuery(1));
    const writes = [
      () => insertEpisode(1, 10_000),
      () => db.prepare("UPDATE episode_rows SET judge_label = 'vad', reward = NULL WHERE id = (SELECT MIN(id) FROM episodes WHERE study_id = 1)").run(),
      () => db.prepare('UPDATE episode_rows SET duration_ms = 0, system = ? WHERE id = (SELECT MAX(id) FROM episodes WHERE study_id = 1)').run('Delta'),
      () => annotate(db.prepare('SELECT MAX(id) FROM episodes WHERE study_id = 1').pluck().get() as number, 1, 'false'),
      () => db.prepare("DELETE FROM episode_conditions WHERE key = 'tier' AND episode_id IN (SELECT id FROM episodes WHERE study_id = 1 LIMIT 20)").run(),
      () => db.prepare('DELETE FROM episode_rows WHERE id = (SELECT MIN(id) FROM episodes WHERE study_id = 1)').run(),
    ];
    for (const write of writes) {
      for (const q of qs) queryEpisodes(db, q); // warm whatever is cached
      write();
      for (const q of qs) check(q);
    }
  });

  it('sees a write committed by another connection', () => {
    const q: EpisodeQuery = { studyId: 1, offset: 0, limit: 500, sort: { key: 'reward', dir: 'desc' } };
    const before = queryEpisodes(db, q);
    const other = new Database(join(dir, 'studio.db'));
    try {
      other.prepare('UPDATE episode_rows SET reward = 99 WHERE id = ?').run(before.rows[before.rows.length - 1].id);
    } finally {
      other.close();
    }
    const after = queryEpisodes(db, q);
    expect(after.rows[0].id).toBe(before.rows[before.rows.length - 1].id);
    check(q);
  });

  it("keeps a study's index across writes to another study's episodes and conditions, and rebuilds it on its own", () => {
    const indexOf = (studyId: number) => withStudyIndex(db, studyId, (index) => index);
    const kept = indexOf(3);
    expect(indexOf(3)).toBe(kept);
    insertEpisode(1, 20_000); // an episode with conditions in study 1, as an import into another study writes it
    const newest = db.prepare('SELECT MAX(id) FROM episodes WHERE study_id = 1').pluck().get() as number;
    db.prepare("UPDATE episode_conditions SET value = 'speech' WHERE episode_id = ?").run(newest);
    db.prepare('DELETE FROM episode_rows WHERE id = (SELECT MAX(id) FROM episodes WHERE study_id = 2)').run();
    expect(indexOf(3)).toBe(kept);
    for (let i = 0; i < 10; i++) check(randomQuery(3));
    const first = db.prepare('SELECT MIN(id) FROM episodes WHERE study_id = 3').pluck().get() as number;
    db.prepare("INSERT INTO episode_conditions (episode_id, key, value) VALUES (?, 'tier', 'T9')").run(first);
    const rebuilt = indexOf(3);
    expect(rebuilt).not.toBe(kept);
    expect(rebuilt.positionsWith('condition:tier', 'T9')).toHaveLength(1);
    db.exec("INSERT INTO studies (id, name, benchmark, created_at) VALUES (4, 'hidden', 'generic', 'now')");
    for (let i = 0; i < 5; i++) insertEpisode(4, 30_000 + i);
    const moved = db.prepare('SELECT MIN(id) FROM episodes WHERE study_id = 4').pluck().get() as number;
    expect(indexOf(4).positionOf(moved)).toBe(0);
    expect(indexOf(3)).toBe(rebuilt);
    moveStudyEpisodes(db, 4, 3); // as an import into an existing study completes: the move bumps both studies
    expect(indexOf(3)).not.toBe(rebuilt);
    expect(indexOf(3).positionOf(moved)).toBeGreaterThanOrEqual(0);
    expect(indexOf(4).positionOf(moved)).toBe(-1);
    for (let i = 0; i < 10; i++) check(randomQuery([4, 3][i % 2]));
  });

  it('keeps its index across label saves, which do not change what it holds, and drops it when a study is deleted', () => {
    const version = () =>
      (db.prepare('SELECT n FROM study_browse_version WHERE study_id = 2').pluck().get() as number | undefined) ?? 0;
    const before = version();
    annotate(db.prepare('SELECT MIN(id) FROM episodes WHERE study_id = 2').pluck().get() as number, 2, 'false');
    expect(version()).toBe(before);
    const qs = Array.from({ length: 20 }, () => randomQuery(2));
    for (const q of qs) check(q);
    db.prepare('DELETE FROM studies WHERE id = 2').run(); // episodes go by ON DELETE CASCADE
    expect(version()).toBeGreaterThan(before);
    for (const q of qs) expect(queryEpisodes(db, q)).toEqual({ total: 0, offset: q.offset, rows: [] });
  });
});
