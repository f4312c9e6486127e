/** Which annotators a study offers: people made in the studio everywhere, a release's imported raters only at home. */
import type { ListedAnnotator } from '../../../shared/types/annotation';

/** True when `a` was made by an import (a released study's rater) rather than in the studio. */
export const isImportedRater = (a: ListedAnnotator): boolean => a.importedIn !== null;

/**
 * The annotators the study `studyId` offers, in order: everyone made in the studio, and the imported raters of that
 * study; `currentId` stays listed wherever it is (so the one labelling is never hidden from themselves).
 */
export function offeredAnnotators(
  annotators: readonly ListedAnnotator[],
  studyId: number | null,
  currentId: number | null,
): ListedAnnotator[] {
  return annotators.filter(
    (a) => a.importedIn === null || a.id === currentId || (studyId !== null && a.importedIn.includes(studyId)),
  );
}
