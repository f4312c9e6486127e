/** The annotation_commits table: which annotator finished (committed) which episode, and when. */
import type { Db } from './open';

/** Whether the annotator has committed the episode. */
export function isCommitted(db: Db, episodeId: number, annotatorId: number): boolean {
  return !!db
    .prepare('SELECT 1 FROM annotation_commits WHERE episode_id = ? AND annotator_id = ?')
    .get(episodeId, annotatorId);
}

/** Records that the annotator committed the episode at `at`; an episode committed before keeps its first time. */
export function recordCommit(db: Db, episodeId: number, annotatorId: number, at: string): void {
  db.prepare('INSERT OR IGNORE INTO annotation_commits (episode_id, annotator_id, committed_at) VALUES (?, ?, ?)').run(
    episodeId,
    annotatorId,
    at,
  );
}

/** The episodes of a study the annotator committed (by external id), in import order. */
export function annotatorStudyCommits(
  db: Db,
  studyId: number,
  annotatorId: number,
): { externalId: string; committedAt: string }[] {
  const rows = db
    .prepare(
      `SELECT e.external_id, c.committed_at FROM annotation_commits c JOIN episodes e ON e.id = c.episode_id
       WHERE e.study_id = ? AND c.annotator_id = ? ORDER BY e.id`,
    )
    .all(studyId, annotatorId) as { external_id: string; committed_at: string }[];
  return rows.map((r) => ({ externalId: r.external_id, committedAt: r.committed_at }));
}

/** The episodes the annotator committed: of the study, or only among `episodeIds` when given, in no particular order. */
export function episodesCommittedBy(
  db: Db,
  annotatorId: number,
  scope: { studyId: number } | { episodeIds: readonly number[] },
): number[] {
  const sql =
    'studyId' in scope
      ? `SELECT c.episode_id FROM annotation_commits c JOIN episodes e ON e.id = c.episode_id
         WHERE e.study_id = ? AND c.annotator_id = ?`
      : `SELECT c.episode_id FROM annotation_commits c
         WHERE c.episode_id IN (SELECT value FROM json_each(?)) AND c.annotator_id = ?`;
  const first = 'studyId' in scope ? scope.studyId : JSON.stringify(scope.episodeIds);
  return db.prepare(sql).pluck().all(first, annotatorId) as number[];
}
