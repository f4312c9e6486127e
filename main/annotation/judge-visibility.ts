/** Whether an annotator may see the judge: with "hide the judge until commit", only after committing the episode;
 * with "hide the judge until the first label", once their first label on it is saved (or they committed it); always
 * for adjudicators. Enforced on the main side for every method that returns judge output; reveals are recorded. */
import type { Db } from '../db/open';
import { annotatorRole } from '../db/annotators';
import type { StudyAnnotationSettings } from '../../shared/types/annotation';
import { callProgress, recordJudgeReveal, type CallProgress, type JudgeRevealReason } from '../db/judge-reveals';
import { getSettings } from './settings';

type HidingSwitches = Pick<StudyAnnotationSettings, 'hideJudgeUntilCommit' | 'hideJudgeUntilFirstLabel'>;

function isAdjudicator(db: Db, annotatorId: number | undefined): boolean {
  if (annotatorId === undefined) return false;
  return annotatorRole(db, annotatorId) === 'adjudicator';
}

/** Whether the judge is shown on a call, given the study's switches and what the annotator did there (roles aside). */
export function judgeShown(s: HidingSwitches, p: CallProgress): boolean {
  if (s.hideJudgeUntilCommit) return p.committed;
  if (s.hideJudgeUntilFirstLabel) return p.labelled || p.committed;
  return true;
}

/** True when the study hides the judge from this annotator for this episode (or, with no episode, for the list). */
export function judgeHiddenFor(db: Db, studyId: number, annotatorId: number | undefined, episodeId?: number): boolean {
  const settings = getSettings(db, studyId);
  if (!settings.hideJudgeUntilCommit && !settings.hideJudgeUntilFirstLabel) return false;
  if (isAdjudicator(db, annotatorId)) return false;
  if (episodeId === undefined || annotatorId === undefined) return true;
  return !judgeShown(settings, callProgress(db, episodeId, annotatorId));
}

/**
 * After a write that may reveal the judge (a saved label, a commit) to an annotator from whom it was hidden before
 * the write: records the reveal when the judge is now shown. Call inside the write's transaction; the first stays.
 */
export function recordRevealIfShown(
  db: Db,
  at: { studyId: number; episodeId: number; annotatorId: number },
  reason: JudgeRevealReason,
  now: Date,
): void {
  if (!judgeHiddenFor(db, at.studyId, at.annotatorId, at.episodeId)) {
    recordJudgeReveal(db, at.episodeId, at.annotatorId, reason, now.toISOString());
  }
}
