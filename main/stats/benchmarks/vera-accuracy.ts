import { groupBy, meanOrNull } from './group';
import { rate, type Rate } from './rate';
import { isScored, type NotAttemptedPolicy, type VeraGrade } from './vera-grade';

/** Grade counts and accuracy of one track. */
export interface TrackAccuracy {
  track: string;
  correct: number;
  incorrect: number;
  notAttempted: number;
  /** Responses with no grade: never counted. */
  ungraded: number;
  /** CORRECT over scored responses (NOT_ATTEMPTED scored as wrong unless the policy excludes it). */
  accuracy: Rate;
}

/** VERA accuracy of one system: per track, macro average over tracks and the pooled (micro) accuracy. */
export interface VeraAccuracyRow {
  system: string;
  tracks: TrackAccuracy[];
  /** Unweighted mean of the track accuracies that have a value. */
  macro: number | null;
  /** CORRECT over all scored responses, pooled across tracks. */
  micro: Rate;
}

/** Accuracy per track and macro average per system; `notAttempted` decides whether NOT_ATTEMPTED counts as incorrect (default) or is excluded. */
export function veraAccuracy(grades: readonly VeraGrade[], notAttempted: NotAttemptedPolicy = 'incorrect'): VeraAccuracyRow[] {
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
