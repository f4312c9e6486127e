/** Handlers of the progress methods (shared/methods/progress.ts): the list's marks and "next unlabelled". */
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { episodeProgress, progressRestriction } from '../annotation/progress';
import { nextInList } from '../db/episode-next';
import { viewerQuery } from './episodes';

/** `episodes.progress`: the marks of a page of calls. */
function progressOfEpisodes(s: Services, input: MethodInput<'episodes.progress'>): MethodOutput<'episodes.progress'> {
  return episodeProgress(s.db, input);
}

/** `episodes.nextUnlabelled`: the next call of the list the annotator has not labelled. */
function nextUnlabelled(
  s: Services,
  input: MethodInput<'episodes.nextUnlabelled'>,
): MethodOutput<'episodes.nextUnlabelled'> {
  const query = viewerQuery(s, { ...input.query, annotatorId: input.annotatorId, offset: 0, limit: 1 });
  const restriction = query.progress && progressRestriction(s.db, query.studyId, input.annotatorId, query.progress);
  const unlabelled = progressRestriction(s.db, query.studyId, input.annotatorId, 'unlabelled');
  return { next: nextInList(s.db, { query, restriction }, unlabelled, input.afterEpisodeId) };
}

/** Progress handlers by method name. */
export const progressHandlers = {
  'episodes.progress': progressOfEpisodes,
  'episodes.nextUnlabelled': nextUnlabelled,
} as const;
