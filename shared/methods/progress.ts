/** Methods for the episode list's progress marks and the "next unlabelled" step. */
import { z } from 'zod';
import { method } from './define';
import { episodeQuerySchema } from '../types/browse';
import type { NextEpisode, ProgressMarks } from '../types/progress';

const id = z.number().int().positive();

/** Progress methods by name. */
export const progressMethods = {
  /** The marks of up to 1000 calls of a study, for the annotator (mine) and the study (disputes, decisions). */
  'episodes.progress': method<ProgressMarks>()(
    z.object({ studyId: id, annotatorId: id.optional(), episodeIds: z.array(id).max(1000) }).strict(),
  ),
  /**
   * The first call after `afterEpisodeId` (or from the top) in the list as `query` filters and sorts it that the
   * annotator has not labelled, wrapping round to the top (`afterEpisodeId` itself last); `next` null when none is.
   */
  'episodes.nextUnlabelled': method<{ next: NextEpisode | null }>()(
    z
      .object({
        query: episodeQuerySchema.omit({ offset: true, limit: true, annotatorId: true }),
        annotatorId: id,
        afterEpisodeId: id.optional(),
      })
      .strict(),
  ),
} as const;
