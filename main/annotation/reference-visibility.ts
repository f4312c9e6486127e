/**
 * Whether an annotator may see a call's gold/reference: with "hide the reference until commit", only after they
 * committed their labels for the call; always for adjudicators. Enforced on the main side: while hidden, the keys of
 * `episode.info` that carry the reference are left out of what `episodes.get` returns.
 */
import type { Db } from '../db/open';
import { annotatorRole } from '../db/annotators';
import { callProgress } from '../db/judge-reveals';
import { getSettings } from './settings';

/**
 * The `episode.info` keys that carry a call's reference: VERA's expected answer and context documents, τ-Elicitation's
 * gold values and complication, τ²'s evaluation criteria (expected actions) and reward provenance (whose replayed
 * actions include the reference ones), and the generic `answer` and `document`.
 */
export const REFERENCE_INFO_KEYS = [
  'expectedAnswer',
  'contextDocuments',
  'evaluationFields',
  'complication',
  'evaluationCriteria',
  'rewardProvenance',
  'answer',
  'document',
] as const;

/** True when the study hides the reference of this call from this viewer (an unnamed viewer included). */
export function referenceHiddenFor(
  db: Db,
  studyId: number,
  annotatorId: number | undefined,
  episodeId: number,
): boolean {
  if (!getSettings(db, studyId).hideReferenceUntilCommit) return false;
  if (annotatorId === undefined) return true;
  if (annotatorRole(db, annotatorId) === 'adjudicator') return false;
  return !callProgress(db, episodeId, annotatorId).committed;
}

/** A copy of `info` without the keys that carry the reference. */
export function withoutReference(info: Record<string, unknown>): Record<string, unknown> {
  const hidden = new Set<string>(REFERENCE_INFO_KEYS);
  return Object.fromEntries(Object.entries(info).filter(([key]) => !hidden.has(key)));
}
