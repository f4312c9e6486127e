/**
 * The move of an import's episodes from its hidden study into an existing study (moveStudyEpisodes, in the completing
 * transaction): what it leaves in every table, and how much it writes besides the episode rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writePcm16 } from '../../test-support/wav';
import type { BatchEpisode, ImportBatch } from '../importers/batch';
import { writeBatch } from '../importers/write-batch';
import { queryEpisodes } from './episode-query';
import { pendingImports } from './imports';
import { openDatabase, type Db } from './open';
import { listStudies, studyIdByName } from './studies';

let dir: string;
const open: Db[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earshot-move-'));
});
afterEach(() => {
  open.splice(0).forEach((db) => db.close());
  rmSync(dir, { recursive: true, force: true });
});
const database = (name: string) => {
  const db = openDatabase(join(dir, name));
  open.push(db);
  return db;
};

const now = new Date('2026-03-04T05:06:07Z');
const ep = (externalId: string, word: string, extra: Partial<BatchEpisode> = {}): BatchEpisode => ({
  externalId,
  system: 'sys',
  task: 't1',
  trial: 0,
  condition: { noise: 'low' },
  outcome: 'pass',
  reward: 1,
  durationMs: 1000,
  info: { note: externalId },
  turns: [
    { speaker: 'user', startMs: 0, endMs: 500, text: `my ${word} please` },
    { speaker: 'agent', startMs: 600, endMs: 900, text: 'done' },
  ],
  audio: [],
  judgements: [{ judgeId: 'j', label: 'pass', rationale: `about ${word}` }],
  annotations: [],
  ...extra,
});
const batchOf = (episodes: BatchEpisode[]): ImportBatch => ({
  format: 'generic',
  benchmark: 'generic',
  studyName: 'S',
  studyInfo: {},
  source: 'test',
  episodes,
  skipped: 0,
  warnings: [],
});

/** Two episodes the study has, and three an import adds (one with audio, a label, other conditions, null reward). */
const own = () => [ep('a1', 'refund', { reward: 0.5 }), ep('a2', 'seat', { reward: null, outcome: null })];
const added = () => {
  const wav = join(dir, 'b1.wav');
  writePcm16(wav, 8000, 2, 4000, (i, c) => Math.sin(i / (3 + c)));
  return [
    ep('b1', 'baggage', {
      condition: { noise: 'high', tier: 'T2' },
      audio: [{ path: wav, role: 'call', lanes: ['user', 'agent'] }],
      annotations: [{ annotator: 'Ana', field: 'source', value: 'agent' }],
    }),
    ep('b2', 'upgrade', { reward: null, durationMs: null, judgements: [] }),
    ep('b3', 'cancel', { reward: 0, outcome: 'fail', system: 'other' }),
  ];
};

/** Everything stored of the study's episodes whose external id starts with `prefix`, by external id, not row id. */
function contents(db: Db, prefix: string) {
  const study = studyIdByName(db, 'S');
  const rows = (sql: string) =>
    db.prepare(`${sql} AND e.study_id = ? AND e.external_id GLOB ? ORDER BY 1, 2, 3`).all(study, `${prefix}*`);
  const of = (table: string, alias: string, also = '') =>
    `FROM ${table} ${alias} JOIN episodes e ON e.id = ${alias}.episode_id ${also} WHERE 1`;
  return {
    episodes: rows(`SELECT e.external_id, e.benchmark, e.system, e.task, e.trial, e.condition, e.outcome, e.reward,
      e.duration_ms, e.info, e.content_hash, e.judge_label FROM episodes e WHERE 1`),
    conditions: rows(`SELECT e.external_id, c.key, c.value ${of('episode_conditions', 'c')}`),
    turns: rows(`SELECT e.external_id, t.idx, t.speaker, t.start_ms, t.end_ms, t.text, t.words, t.tool, t.aligned
      ${of('turns', 't')}`),
    judgements: rows(`SELECT e.external_id, j.judge_id, j.judge_version, j.label, j.rationale, j.categories, j.votes,
      j.confidence, j.reward_breakdown, j.findings, j.created_at ${of('judgements', 'j')}`),
    audio: rows(`SELECT e.external_id, a.role, a.lanes, s.sha256, s.duration_ms
      ${of('episode_audio', 'a', 'JOIN audio_assets s ON s.id = a.asset_id')}`),
    labels: rows(`SELECT e.external_id, a.field, a.phase, n.name, a.value, a.updated_at
      ${of('annotations', 'a', 'JOIN annotators n ON n.id = a.annotator_id')}`),
  };
}

/** The episodes of study S a full-text search finds, by external id. */
const found = (db: Db, search: string) =>
  queryEpisodes(db, { studyId: studyIdByName(db, 'S')!, offset: 0, limit: 50, search }).rows.map((r) => r.externalId);

describe('an import into an existing study', () => {
  it('stores its episodes and what hangs on them as an import into a new study does; the own ones stay', async () => {
    const fresh = database('fresh.db');
    await writeBatch(fresh, batchOf(added()), { now });
    const want = contents(fresh, 'b');
    expect(want.audio).toHaveLength(1);
    expect(want.labels).toHaveLength(1);

    const db = database('existing.db');
    await writeBatch(db, batchOf(own()), { now });
    const before = contents(db, 'a');
    expect(await writeBatch(db, batchOf(added()), { now })).toMatchObject({ episodes: 3, annotations: 1 });
    expect(contents(db, 'b')).toEqual(want);
    expect(contents(db, 'a')).toEqual(before);
    expect(listStudies(db).map((s) => [s.name, s.episodeCount])).toEqual([['S', 5]]);
    expect(pendingImports(db)).toEqual([]);
    expect(found(db, 'baggage')).toEqual(['b1']);
    expect(found(db, 'refund')).toEqual(['a1']);
  });

  it("bumps the study's browse counter once, not per moved episode; its next page holds the moved ones", async () => {
    const db = database('browse.db');
    await writeBatch(db, batchOf(own()), { now });
    const study = studyIdByName(db, 'S')!;
    const page = () =>
      queryEpisodes(db, { studyId: study, offset: 0, limit: 50, sort: { key: 'reward', dir: 'asc' } }).rows.map(
        (r) => [r.externalId, r.reward],
      );
    expect(page()).toEqual([['a1', 0.5], ['a2', null]]); // the study's index is built and kept
    const version = () =>
      db.prepare('SELECT n FROM study_browse_version WHERE study_id = ?').pluck().get(study) as number;
    const v0 = version();
    await writeBatch(db, batchOf(added()), { now });
    expect(version()).toBe(v0 + 1); // before migration 17: v0 + 3, one trigger run per moved episode
    expect(page()).toEqual([['b3', 0], ['a1', 0.5], ['b1', 1], ['a2', null], ['b2', null]]);
  });
});
