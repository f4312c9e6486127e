/**
 * Which of a study's episodes match the browser's filters. Column and condition filters come from the study's
 * in-memory index (positions per value, rewards per position); full-text search and the annotation filters, which
 * change with every label, are one SQL statement each, answered from an index, giving the ids they admit. The sets are
 * intersected here over the study's positions, so nothing is evaluated twice and no table row is read to filter.
 */
import type { Db } from './open';
import type { EpisodeQuery } from '../../shared/types/browse';
import type { StudyIndex, ValueField } from './browse-index';

/** Turns what a user types into a safe FTS5 query: every word must appear, the last may be a prefix. */
export function ftsQuery(search: string): string | null {
  const words = search.match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' AND ');
}

/** The match of one query: `all` when nothing filters, else a flag per study position (1 = matches) and the count. */
export type Match = { all: true } | { all: false; flags: Uint8Array; count: number };

/** One filter: the positions it admits, visited one by one (a position may come twice). */
type Filter = (visit: (position: number) => void) => void;

/** Episodes a caller's rule keeps (`keep`) or leaves out, beside the query's own filters (e.g. a progress mark). */
export interface Restriction {
  ids: readonly number[];
  keep: boolean;
}

/** Every filter of `q` (and `restriction`) that admits episodes, those that exclude them ("not labelled by me"), or 'none' when nothing can match. */
function filtersOf(db: Db, index: StudyIndex, q: EpisodeQuery, restriction?: Restriction): { include: Filter[]; exclude: Filter[] } | 'none' {
  const include: Filter[] = [];
  const exclude: Filter[] = [];
  const byValue = (field: ValueField, values: string[] | undefined) => {
    if (values?.length) include.push((visit) => values.forEach((v) => index.positionsWith(field, v).forEach((p) => visit(p))));
  };
  const bySql = (sql: string, ...params: unknown[]): Filter => (visit) => {
    for (const id of db.prepare(sql).pluck().all(...params) as number[]) {
      const p = index.positionOf(id);
      if (p >= 0) visit(p);
    }
  };
  byValue('system', q.system);
  byValue('outcome', q.outcome);
  byValue('judge_label', q.judgeLabel);
  for (const [key, values] of Object.entries(q.condition ?? {})) byValue(`condition:${key}`, values);
  if (q.rewardMin !== undefined || q.rewardMax !== undefined) {
    include.push((visit) => index.rewardBetween(q.rewardMin ?? -Infinity, q.rewardMax ?? Infinity).forEach((p) => visit(p)));
  }
  if (q.labelled && q.annotatorId) {
    const labelled = bySql('SELECT DISTINCT episode_id FROM annotations WHERE annotator_id = ?', q.annotatorId);
    (q.labelled === 'yes' ? include : exclude).push(labelled);
  }
  if (restriction) {
    const ids: Filter = (visit) => restriction.ids.forEach((id) => index.positionOf(id) >= 0 && visit(index.positionOf(id)));
    (restriction.keep ? include : exclude).push(ids);
  }
  if (q.disagreement) include.push(bySql("SELECT episode_id FROM annotations WHERE field = 'judge_agree' AND phase = 'final' AND value = 'false'"));
  if (q.search !== undefined && q.search !== '') {
    const fts = ftsQuery(q.search);
    if (!fts) return 'none'; // nothing searchable in what was typed: no episode matches
    include.push(bySql('SELECT rowid FROM episode_text WHERE episode_text MATCH ?', fts));
  }
  return { include, exclude };
}

/** Evaluates the filters of `q` (and `restriction`) over the study's episodes. */
export function matchEpisodes(db: Db, index: StudyIndex, q: EpisodeQuery, restriction?: Restriction): Match {
  const n = index.ids.length;
  const filters = filtersOf(db, index, q, restriction);
  if (filters === 'none') return { all: false, flags: new Uint8Array(n), count: 0 };
  if (filters.include.length === 0 && filters.exclude.length === 0) return { all: true };
  // level[p] = how many include filters, in order, position p has passed; one filter cannot count a position twice.
  const level = new Uint16Array(n);
  filters.include.forEach((f, i) => f((p) => void (level[p] === i && (level[p] = i + 1))));
  filters.exclude.forEach((f) => f((p) => void (level[p] = 0xffff)));
  const k = filters.include.length;
  const flags = new Uint8Array(n);
  let count = 0;
  for (let p = 0; p < n; p++) if (level[p] === k) (flags[p] = 1), count++;
  return { all: false, flags, count };
}
