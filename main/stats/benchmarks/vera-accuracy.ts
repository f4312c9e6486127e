import { groupBy, meanOrNull } from './group';
import { rate } from './rate';
import { isScored, type NotAttemptedPolicy, type VeraGrade } from './vera-grade';
import type { TrackAccuracy, VeraAccuracyRow } from '../../../shared/types/vera-rows';

/** Accuracy per track and macro average per system; `notAttempted` decides whether NOT_ATTEMPTED counts as incorrect (default) or is excluded. */
export function veraAccuracy(
  grades: readonly VeraGrade[],
  notAttempted: NotAttemptedPolicy = 'incorrect',
): VeraAccuracyRow[] {
  return [...groupBy(grades, (g) => g.system)].map(([system, rows]) => {
    const tracks = [...groupBy(rows, (g) => g.track)].map(([track, trackRows]): TrackAccuracy => {
      const count = (label: string | null): number => trackRows.filter((g) => g.grade === label).length;
      const correct = count('CORRECT');
      return {
        track,
        correct,
        incorrect: count('INCORRECT'),
        notAttempted: count('NOT_ATTEMPTED'),
        ungraded: count(null),
        accuracy: rate(correct, trackRows.filter((g) => isScored(g.grade, notAttempted)).length),
      };
    });
    const trackValues = tracks.map((t) => t.accuracy.value).filter((v): v is number => v !== null);
    const scored = rows.filter((g) => isScored(g.grade, notAttempted));
    return {
      system,
      tracks,
      macro: meanOrNull(trackValues),
      micro: rate(scored.filter((g) => g.grade === 'CORRECT').length, scored.length),
    };
  });
}
