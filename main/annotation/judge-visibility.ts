/** Whether an annotator may see the judge: with "hide the judge until commit" on, only after committing the
 * episode, or always for adjudicators. Enforced on the main side for every method that returns judge output. */
import type { Db } from '../db/open';
import { getSettings } from './settings';
import { isCommitted } from './labels';

function isAdjudicator(db: Db, annotatorId: number | undefined): boolean {
  if (annotatorId === undefined) return false;
  const row = db.prepare('SELECT role FROM annotators WHERE id = ?').get(annotatorId) as { role?: string } | undefined;
  return row?.role === 'adjudicator';
}

/** True when the study hides the judge from this annotator for this episode (or, with no episode, for the list). */
export function judgeHiddenFor(db: Db, studyId: number, annotatorId: number | undefined, episodeId?: number): boolean {
  if (!getSettings(db, studyId).hideJudgeUntilCommit) return false;
  if (isAdjudicator(db, annotatorId)) return false;
  return !(episodeId !== undefined && annotatorId !== undefined && isCommitted(db, episodeId, annotatorId));
}
