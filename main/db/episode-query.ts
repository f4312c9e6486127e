/** The episode browser's queries: filters, full-text search and sort as one SQL statement, paged. */
import type { Db } from './open';
import type { EpisodeFacets, EpisodePage, EpisodeQuery } from '../../shared/types/browse';
import { EPISODE_COLUMNS, toEpisodeRow, type EpisodeDbRow } from './episodes';

const SORT_SQL: Record<NonNullable<EpisodeQuery['sort']>['key'], string> = {
  id: 'e.id',
  externalId: 'e.external_id',
  system: 'e.system',
  task: 'e.task',
  outcome: 'e.outcome',
  reward: 'e.reward',
  judgeLabel: 'e.judge_label',
  durationMs: 'e.duration_ms',
};

/** Turns what a user types into a safe FTS5 query: every word must appear, the last may be a prefix. */
export function ftsQuery(search: string): string | null {
  const words = search.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' AND ');
}

function inList(column: string, values: readonly string[], params: unknown[]): string {
  params.push(...values);
  return `${column} IN (${values.map(() => '?').join(', ')})`;
}

function whereClause(q: EpisodeQuery): { sql: string; params: unknown[] } {
  const parts = ['e.study_id = ?'];
  const params: unknown[] = [q.studyId];
  if (q.system?.length) parts.push(inList('e.system', q.system, params));
  if (q.outcome?.length) parts.push(inList('e.outcome', q.outcome, params));
  if (q.judgeLabel?.length) parts.push(inList('e.judge_label', q.judgeLabel, params));
  for (const [key, values] of Object.entries(q.condition ?? {})) {
    if (values.length === 0) continue;
    params.push(key);
    parts.push(`e.id IN (SELECT episode_id FROM episode_conditions WHERE key = ? AND ${inList('value', values, params)})`);
  }
  if (q.rewardMin !== undefined) (parts.push('e.reward >= ?'), params.push(q.rewardMin));
  if (q.rewardMax !== undefined) (parts.push('e.reward <= ?'), params.push(q.rewardMax));
  if (q.labelled && q.annotatorId) {
    parts.push(`${q.labelled === 'no' ? 'NOT ' : ''}EXISTS (SELECT 1 FROM annotations a WHERE a.episode_id = e.id AND a.annotator_id = ?)`);
    params.push(q.annotatorId);
  }
  if (q.disagreement) {
    parts.push(`EXISTS (SELECT 1 FROM annotations a WHERE a.episode_id = e.id AND a.phase = 'final' AND a.field = 'judge_agree' AND a.value = 'false')`);
  }
  const fts = q.search ? ftsQuery(q.search) : null;
  if (q.search && !fts) parts.push('0');
  if (fts) {
    parts.push('e.id IN (SELECT rowid FROM episode_text WHERE episode_text MATCH ?)');
    params.push(fts);
  }
  return { sql: parts.join(' AND '), params };
}

/** One page of the episodes matching `q`, and the total count. */
export function queryEpisodes(db: Db, q: EpisodeQuery): EpisodePage {
  const { sql, params } = whereClause(q);
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM episodes e WHERE ${sql}`).get(...params) as { total: number };
  const sort = q.sort ?? { key: 'id', dir: 'asc' };
  const dir = sort.dir === 'desc' ? 'DESC' : 'ASC';
  // Index-friendly orders: id alone; NOT NULL columns plainly; nullable ones DESC (SQLite puts NULLs last there) or,
  // ascending, by (col IS NULL) first, which the (study_id, col IS NULL, col) indexes of migration 005 deliver in order.
  const col = SORT_SQL[sort.key];
  const nullable = sort.key === 'outcome' || sort.key === 'reward' || sort.key === 'judgeLabel' || sort.key === 'durationMs';
  const order =
    sort.key === 'id' ? `e.id ${dir}` : !nullable || dir === 'DESC' ? `${col} ${dir}, e.id ${dir}` : `(${col} IS NULL), ${col} ASC, e.id ASC`;
  const rows = db
    .prepare(`SELECT ${EPISODE_COLUMNS} FROM episodes e WHERE ${sql} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...params, q.limit, q.offset) as EpisodeDbRow[];
  return { total, offset: q.offset, rows: rows.map(toEpisodeRow) };
}

/** The distinct systems, outcomes, judge labels and condition values of a study. */
export function episodeFacets(db: Db, studyId: number): EpisodeFacets {
  const distinct = (col: string) =>
    (db.prepare(`SELECT DISTINCT ${col} AS v FROM episodes WHERE study_id = ? AND ${col} IS NOT NULL ORDER BY v`).all(studyId) as { v: string }[]).map((r) => r.v);
  const condition: Record<string, string[]> = {};
  const pairs = db
    .prepare(
      `SELECT p.key, p.value FROM (SELECT DISTINCT key, value FROM episode_conditions) p
       WHERE EXISTS (SELECT 1 FROM episode_conditions c JOIN episodes e ON e.id = c.episode_id WHERE c.key = p.key AND c.value = p.value AND e.study_id = ?)
       ORDER BY p.key, p.value`,
    )
    .all(studyId) as { key: string; value: string }[];
  for (const p of pairs) (condition[p.key] ??= []).push(p.value);
  return { system: distinct('system'), outcome: distinct('outcome'), judgeLabel: distinct('judge_label'), condition };
}
