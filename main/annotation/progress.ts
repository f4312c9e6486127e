/**
 * Progress marks of the episode list. Mine: `committed` once the annotator committed the call, `in_progress` while
 * they hold a set label on it (any phase) without committing, else `unlabelled`. The study's: `disputed` when, on any
 * field adjudication covers, two or more annotators' final labels differ and no decision exists (the Adjudication
 * view's "disputed"), else `adjudicated` when a field of the call was decided (or left unresolved) by an adjudicator.
 * The study's marks follow the blind rules: hidden from an annotator who may not read the others' labels yet.
 */
import type { Db } from '../db/open';
import { DomainError } from '../domain/errors';
import type {
  EpisodeProgress,
  MyProgress,
  ProgressMarks,
  ProgressValue,
  StudyProgress,
} from '../../shared/types/progress';
import { MY_PROGRESS } from '../../shared/types/progress';
import { episodesLabelledBy } from '../db/labels';
import { episodesCommittedBy } from '../db/label-commits';
import { adjudicatedFields, adjudicationItems } from './adjudication';
import { agreementAccess } from './blind-access';
import { requireAnnotator, requireStudy } from './lookups';

/** The episodes a progress filter keeps (`keep`) or leaves out (`!keep`). */
export interface ProgressRestriction {
  ids: number[];
  keep: boolean;
}

/** The study's mark of every call that has one, by episode id. */
function studyMarks(db: Db, studyId: number): Map<number, StudyProgress> {
  const marks = new Map<number, StudyProgress>();
  for (const field of adjudicatedFields(db, studyId)) {
    for (const item of adjudicationItems(db, studyId, field)) {
      if (item.status === 'disputed') marks.set(item.episodeId, 'disputed');
      else if ((item.status === 'decided' || item.status === 'unresolved') && !marks.has(item.episodeId)) {
        marks.set(item.episodeId, 'adjudicated');
      }
    }
  }
  return marks;
}

/** Why the study's marks are hidden from this viewer, or null when they may see them. */
function studyHiddenReason(db: Db, studyId: number, annotatorId: number | undefined): string | null {
  const study = requireStudy(db, studyId);
  if (annotatorId === undefined) {
    return study.blind ? `Study "${study.name}" is blind: choose who you are to see its disputes.` : null;
  }
  const access = agreementAccess(db, studyId, annotatorId);
  return access.allowed ? null : access.message;
}

/** The annotator's own mark of each of `episodeIds`. */
function myMarks(db: Db, annotatorId: number, episodeIds: readonly number[]): Map<number, MyProgress> {
  const scope = { episodeIds };
  const marks = new Map<number, MyProgress>(
    episodesLabelledBy(db, annotatorId, scope).map((id) => [id, 'in_progress']),
  );
  for (const id of episodesCommittedBy(db, annotatorId, scope)) marks.set(id, 'committed');
  return marks;
}

/** The marks of `episodeIds` of a study for the annotator (or, without one, only the study's, where not blind). */
export function episodeProgress(
  db: Db,
  input: { studyId: number; annotatorId?: number; episodeIds: readonly number[] },
): ProgressMarks {
  const reason = studyHiddenReason(db, input.studyId, input.annotatorId);
  if (input.annotatorId !== undefined) requireAnnotator(db, input.annotatorId);
  const mine = input.annotatorId === undefined ? null : myMarks(db, input.annotatorId, input.episodeIds);
  const study = reason === null ? studyMarks(db, input.studyId) : new Map<number, StudyProgress>();
  const marks: EpisodeProgress[] = input.episodeIds.map((episodeId) => ({
    episodeId,
    mine: mine ? (mine.get(episodeId) ?? 'unlabelled') : null,
    study: study.get(episodeId) ?? null,
  }));
  return { marks, studyShown: reason === null, studyHiddenReason: reason };
}

/**
 * The episodes a progress filter admits, as a restriction of the study: the annotator's own marks need the
 * annotator (invalid_input without), the study's are refused (forbidden) where the blind rules hide them.
 */
export function progressRestriction(
  db: Db,
  studyId: number,
  annotatorId: number | undefined,
  progress: ProgressValue,
): ProgressRestriction {
  if ((MY_PROGRESS as readonly string[]).includes(progress)) {
    if (annotatorId === undefined) {
      throw new DomainError('invalid_input', `choose who you are to filter by your own progress (${progress})`);
    }
    requireAnnotator(db, annotatorId);
    const labelled = episodesLabelledBy(db, annotatorId, { studyId });
    const committed = episodesCommittedBy(db, annotatorId, { studyId });
    if (progress === 'unlabelled') return { ids: [...labelled, ...committed], keep: false };
    if (progress === 'committed') return { ids: committed, keep: true };
    const done = new Set(committed);
    return { ids: labelled.filter((id) => !done.has(id)), keep: true };
  }
  const reason = studyHiddenReason(db, studyId, annotatorId);
  if (reason !== null) throw new DomainError('forbidden', reason);
  const marks = studyMarks(db, studyId);
  return { ids: [...marks].filter(([, mark]) => mark === progress).map(([id]) => id), keep: true };
}
