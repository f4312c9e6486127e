/** Queries over episodes, their turns and their judgements. */
import type Database from 'better-sqlite3';
import type { Db } from './open';
import type { EpisodeDetail, EpisodeRow, Judgement, Turn } from '../../shared/domain';
import { listEpisodeAudio } from './audio';
import { PENDING_IMPORT_STUDIES } from './imports';

/** An episode row as selected with EPISODE_COLUMNS. */
export interface EpisodeDbRow {
  id: number;
  study_id: number;
  external_id: string;
  benchmark: EpisodeRow['benchmark'];
  system: string;
  task: string;
  trial: number;
  condition: string;
  outcome: string | null;
  reward: number | null;
  duration_ms: number | null;
  judge_label: string | null;
}

/** The columns every episode query selects, for `toEpisodeRow`. */
export const EPISODE_COLUMNS = `e.id, e.study_id, e.external_id, e.benchmark, e.system, e.task, e.trial, e.condition,
  e.outcome, e.reward, e.duration_ms, e.judge_label`;

/** Maps a selected row to the contract's EpisodeRow. */
export function toEpisodeRow(r: EpisodeDbRow): EpisodeRow {
  return {
    id: r.id,
    externalId: r.external_id,
    benchmark: r.benchmark,
    system: r.system,
    task: r.task,
    trial: r.trial,
    condition: JSON.parse(r.condition) as Record<string, string>,
    outcome: r.outcome,
    reward: r.reward,
    durationMs: r.duration_ms,
    judgeLabel: r.judge_label,
  };
}

/** The episodes of a study, in import order. */
export function listEpisodes(db: Db, studyId: number): EpisodeRow[] {
  const rows = db.prepare(`SELECT ${EPISODE_COLUMNS} FROM episodes e WHERE e.study_id = ? ORDER BY e.id`).all(studyId) as EpisodeDbRow[];
  return rows.map(toEpisodeRow);
}

/** Episodes of an import still in progress are not there yet for the lookups by id. */
const VISIBLE = `e.study_id NOT IN (${PENDING_IMPORT_STUDIES})`;

/** One episode with turns, audio and judgements; null when it does not exist (or its import is in progress). */
export function getEpisode(db: Db, episodeId: number): EpisodeDetail | null {
  const row = db.prepare(`SELECT ${EPISODE_COLUMNS}, e.info FROM episodes e WHERE e.id = ? AND ${VISIBLE}`).get(episodeId) as (EpisodeDbRow & { info: string }) | undefined;
  if (!row) return null;
  return {
    episode: { ...toEpisodeRow(row), studyId: row.study_id, info: JSON.parse(row.info) as Record<string, unknown> },
    turns: listTurns(db, episodeId),
    audio: listEpisodeAudio(db, episodeId),
    judgements: listJudgements(db, episodeId),
    judgeHidden: false,
  };
}

interface TurnDbRow {
  id: number;
  idx: number;
  speaker: Turn['speaker'];
  start_ms: number | null;
  end_ms: number | null;
  text: string;
  words: string | null;
  tool: string | null;
  aligned: number;
}

/** The turns of an episode in order. */
export function listTurns(db: Db, episodeId: number): Turn[] {
  const rows = db.prepare('SELECT * FROM turns WHERE episode_id = ? ORDER BY idx').all(episodeId) as TurnDbRow[];
  return rows.map((r) => ({
    id: r.id,
    index: r.idx,
    speaker: r.speaker,
    startMs: r.start_ms,
    endMs: r.end_ms,
    text: r.text,
    words: r.words ? (JSON.parse(r.words) as Turn['words']) : null,
    tool: r.tool ? (JSON.parse(r.tool) as Turn['tool']) : null,
    aligned: r.aligned === 1,
  }));
}

interface JudgementDbRow {
  id: number;
  judge_id: string;
  judge_version: string;
  label: string;
  rationale: string;
  categories: string;
  votes: string;
  confidence: number | null;
  reward_breakdown: string | null;
  findings: string;
}

/** The judgements of an episode, oldest first. */
export function listJudgements(db: Db, episodeId: number): Judgement[] {
  const rows = db.prepare('SELECT * FROM judgements WHERE episode_id = ? ORDER BY id').all(episodeId) as JudgementDbRow[];
  return rows.map((r) => ({
    id: r.id,
    judgeId: r.judge_id,
    judgeVersion: r.judge_version,
    label: r.label,
    rationale: r.rationale,
    categories: JSON.parse(r.categories) as string[],
    votes: JSON.parse(r.votes) as string[],
    confidence: r.confidence,
    rewardBreakdown: r.reward_breakdown ? (JSON.parse(r.reward_breakdown) as Record<string, number>) : null,
    findings: JSON.parse(r.findings) as Judgement['findings'],
  }));
}

type Statement = Database.Statement<unknown[]>;

const statementsByDb = new WeakMap<Db, Map<string, Statement>>();

/** The prepared statement for `sql` on `db`, prepared once per connection (these run once per imported episode). */
function prepared(db: Db, sql: string): Statement {
  let cache = statementsByDb.get(db);
  if (!cache) statementsByDb.set(db, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) cache.set(sql, (stmt = db.prepare<unknown[]>(sql)));
  return stmt;
}

/** Sets the episode's denormalized judge label to its latest judgement's label (call after adding judgements). */
export function refreshJudgeLabel(db: Db, episodeId: number): void {
  prepared(db, 'UPDATE episode_rows SET judge_label = (SELECT label FROM judgements WHERE episode_id = ? ORDER BY id DESC LIMIT 1) WHERE id = ?').run(episodeId, episodeId);
}

/** An episode as the annotation rules read it: its study, ids, system, task, condition, outcome, reward and info. */
export interface EpisodeRef {
  id: number;
  studyId: number;
  externalId: string;
  system: string;
  task: string;
  condition: Record<string, string>;
  outcome: string | null;
  reward: number | null;
  info: Record<string, unknown>;
}

interface EpisodeRefDbRow {
  id: number;
  study_id: number;
  external_id: string;
  system: string;
  task: string;
  condition: string;
  outcome: string | null;
  reward: number | null;
  info: string;
}

const toEpisodeRef = (r: EpisodeRefDbRow): EpisodeRef => ({
  id: r.id,
  studyId: r.study_id,
  externalId: r.external_id,
  system: r.system,
  task: r.task,
  condition: JSON.parse(r.condition) as Record<string, string>,
  outcome: r.outcome,
  reward: r.reward,
  info: JSON.parse(r.info) as Record<string, unknown>,
});

const EPISODE_REF_SELECT = 'SELECT id, study_id, external_id, system, task, condition, outcome, reward, info FROM episodes';

/** The episode with this id as the annotation rules read it, or null. */
export function episodeRef(db: Db, episodeId: number): EpisodeRef | null {
  const r = db.prepare(`${EPISODE_REF_SELECT} e WHERE id = ? AND ${VISIBLE}`).get(episodeId) as EpisodeRefDbRow | undefined;
  return r ? toEpisodeRef(r) : null;
}

/** Every episode of a study as the annotation rules read it, in import order. */
export function studyEpisodeRefs(db: Db, studyId: number): EpisodeRef[] {
  const rows = db.prepare(`${EPISODE_REF_SELECT} WHERE study_id = ? ORDER BY id`).all(studyId) as EpisodeRefDbRow[];
  return rows.map(toEpisodeRef);
}
