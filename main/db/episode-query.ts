/** The episode browser's queries: filters, full-text search and sort, paged, over a study of any size. */
import type { Db } from './open';
import type { EpisodeFacets, EpisodePage, EpisodeQuery } from '../../shared/types/browse';
import { EPISODE_COLUMNS, toEpisodeRow, type EpisodeDbRow } from './episodes';
import { withStudyIndex, type SortOrder } from './browse-index';
import { matchEpisodes, type Match, type Restriction } from './episode-match';

/**
 * The positions of one page: walks the sort order (descending = the non-null part backwards, then the nulls
 * backwards, so nulls stay last and ties go by id in the sort's direction) and keeps matches `offset`..`offset+limit`.
 */
export function pagePositions(order: SortOrder, desc: boolean, match: Match, offset: number, limit: number): number[] {
  const { positions, nonNull } = order;
  const n = positions.length;
  const at = (i: number) => (!desc ? positions[i] : i < nonNull ? positions[nonNull - 1 - i] : positions[n - 1 - (i - nonNull)]);
  const page: number[] = [];
  if (match.all) {
    for (let i = offset; i < Math.min(n, offset + limit); i++) page.push(at(i));
    return page;
  }
  let seen = 0;
  for (let i = 0; i < n && page.length < limit; i++) {
    const p = at(i);
    if (match.flags[p] && seen++ >= offset) page.push(p);
  }
  return page;
}

/** One page of the episodes matching `q` (and `restriction`, e.g. a progress mark), and the total count. */
export function queryEpisodes(db: Db, q: EpisodeQuery, restriction?: Restriction): EpisodePage {
  return withStudyIndex(db, q.studyId, (index) => {
    const match = matchEpisodes(db, index, q, restriction);
    const sort = q.sort ?? { key: 'id', dir: 'asc' };
    const page = pagePositions(index.order(sort.key), sort.dir === 'desc', match, q.offset, q.limit);
    return pageOf(db, page.map((p) => index.ids[p]), match.all ? index.ids.length : match.count, q.offset);
  });
}

/** The rows of the episodes `ids`, in that order. */
function pageOf(db: Db, ids: number[], total: number, offset: number): EpisodePage {
  const rows = db.prepare(`SELECT ${EPISODE_COLUMNS} FROM episodes e WHERE e.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as EpisodeDbRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { total, offset, rows: ids.map((id) => toEpisodeRow(byId.get(id) as EpisodeDbRow)) };
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
