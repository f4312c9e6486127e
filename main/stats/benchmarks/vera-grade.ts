/** The three grades of VERA's accuracy grader. */
export type VeraGradeLabel = 'CORRECT' | 'INCORRECT' | 'NOT_ATTEMPTED';

/** One graded VERA response. */
export interface VeraGrade {
  /** Episode id, e.g. `vera_aime_0a923d23`; voice and text runs of the same question share it. */
  item: string;
  /** Track: `mathematical_reasoning`, `web`, `science`, `long_context`, `factual_recall`. */
  track: string;
  system: string;
  /** Grader output; null when the response was never graded. */
  grade: VeraGradeLabel | null;
}

/** How NOT_ATTEMPTED counts: as an incorrect answer (VERA's grader summary, the default) or left out of the denominator. */
export type NotAttemptedPolicy = 'incorrect' | 'exclude';

/** Whether a grade is scored under a policy: null grades never are; NOT_ATTEMPTED only under `incorrect`. */
export function isScored(grade: VeraGradeLabel | null, policy: NotAttemptedPolicy): grade is VeraGradeLabel {
  return grade !== null && !(grade === 'NOT_ATTEMPTED' && policy === 'exclude');
}
