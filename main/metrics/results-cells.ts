/**
 * Episodes of a subset (`info.subset`: hand-picked example calls, validation-only calls, any name a generic import
 * gives) are no part of a results cell: every benchmark's system tables leave them out, and a note says how many.
 */
import { groupBy } from '../stats/benchmarks/index';
import { subsetOf } from './elicitation-facts';
import type { MetricsEpisode } from './load';

/**
 * The episodes of `all` outside any subset; when some are left out, a note naming each subset and its count is pushed
 * to `notes` (`counted`: the section lists them in a table of their own).
 */
export function resultsCellEpisodes(
  benchmark: string,
  all: readonly MetricsEpisode[],
  notes: string[],
  counted = false,
): MetricsEpisode[] {
  const kept = all.filter((e) => subsetOf(e) === null);
  if (kept.length === all.length) return kept;
  const bySubset = groupBy(
    all.filter((e) => subsetOf(e) !== null),
    (e) => subsetOf(e)!,
  );
  const list = [...bySubset].map(([subset, rows]) => `${subset} ${rows.length}`).join(', ');
  notes.push(
    `${benchmark}: ${all.length - kept.length} episode(s) of subsets (${list}) are left out of the system tables: ` +
      'they are no part of a results cell (hand-picked examples, validation-only calls)' +
      (counted ? ' and are counted in their own table' : ''),
  );
  return kept;
}
