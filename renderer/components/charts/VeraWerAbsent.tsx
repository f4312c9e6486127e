/** Why the VERA section has no word error rate of the spoken answer or of the question audio, when it has none. */
import type { VeraSection } from '../../../shared/types/metrics';

/** One line per kind that has no pair, naming what is missing; nothing when both rates exist. */
export function VeraWerAbsent({ section }: { section: VeraSection }) {
  const { answerAbsent, questionAbsent } = section.wer;
  if (!answerAbsent && !questionAbsent) return null;
  return (
    <div className="vera-wer-absent" data-testid="vera-wer-absent" role="note">
      <strong>Word error rate</strong>
      {answerAbsent && (
        <p data-testid="vera-wer-absent-answer">Spoken answer against its text: not computed, as {answerAbsent}.</p>
      )}
      {questionAbsent && (
        <p data-testid="vera-wer-absent-question">
          Question audio against the question text: not computed, as {questionAbsent}.
        </p>
      )}
    </div>
  );
}
