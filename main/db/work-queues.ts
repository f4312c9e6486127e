/** Queries over work queues across a study: an annotator's share and how much of it is done. */
import type { Db } from './open';

/** Distinct calls assigned to the annotator in every work queue of the study, and how many of them are done. */
export function shareProgress(db: Db, studyId: number, annotatorId: number): { total: number; done: number } {
  const r = db
    .prepare(
      `SELECT COUNT(DISTINCT qi.episode_id) AS total,
              COUNT(DISTINCT CASE WHEN c.episode_id IS NOT NULL THEN qi.episode_id END) AS done
       FROM queue_items qi JOIN work_queues q ON q.id = qi.queue_id
       LEFT JOIN annotation_commits c ON c.episode_id = qi.episode_id AND c.annotator_id = qi.annotator_id
       WHERE q.study_id = ? AND qi.annotator_id = ?`,
    )
    .get(studyId, annotatorId) as { total: number; done: number };
  return r;
}
