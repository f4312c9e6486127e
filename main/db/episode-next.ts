/** Steps through the episode list to the next episode a rule admits (e.g. "not labelled by me"), over the study index. */
import type { Db } from './open';
import type { EpisodeQuery } from '../../shared/types/browse';
import type { NextEpisode } from '../../shared/types/progress';
import { withStudyIndex } from './browse-index';
import { matchEpisodes, type Restriction } from './episode-match';
import { pagePositions } from './episode-query';

/** The list to step through: a query, and the restriction it is filtered by beside (e.g. its progress filter). */
export interface SteppedList {
  query: EpisodeQuery;
  restriction?: Restriction;
}

/**
 * The first episode after `afterId` in the list that `wanted` also admits, wrapping round to the top (`afterId` itself
 * last), with its position in the list; from the top when `afterId` is not listed; null when the list holds none.
 */
export function nextInList(db: Db, list: SteppedList, wanted: Restriction, afterId?: number): NextEpisode | null {
  const q = list.query;
  return withStudyIndex(db, q.studyId, (index) => {
    const sort = q.sort ?? { key: 'id', dir: 'asc' };
    const match = matchEpisodes(db, index, q, list.restriction);
    const listed = pagePositions(index.order(sort.key), sort.dir === 'desc', match, 0, Infinity);
    const admitted = matchEpisodes(db, index, q, wanted);
    const admits = (p: number) => admitted.all || admitted.flags[p] === 1;
    const from = afterId === undefined ? -1 : listed.indexOf(index.positionOf(afterId));
    for (let k = 1; k <= listed.length; k++) {
      const i = from < 0 ? k - 1 : (from + k) % listed.length;
      if (admits(listed[i])) return { episodeId: index.ids[listed[i]], position: i };
    }
    return null;
  });
}
