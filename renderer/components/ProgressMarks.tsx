/** The progress marks of one row of the episode list: mine (a dot, hollow to full) and the study's (a chip). */
import type { EpisodeProgress } from '../../shared/types/progress';
import { PROGRESS_LABELS } from '../../shared/types/progress';

const MINE_GLYPH = { unlabelled: '○', in_progress: '◐', committed: '●' } as const;

/** My mark of a call, as a dot with its name for screen readers and on hover; a blank of the same width before any. */
export function MyMark({ mark }: { mark: EpisodeProgress | undefined }) {
  const mine = mark?.mine;
  // No annotator chosen: no mark and no room kept; marks not loaded yet: a blank, so the row does not move.
  if (mark && mine === null) return null;
  if (!mine) return <span className="my-mark" aria-hidden />;
  return (
    <span
      className={`my-mark my-${mine}`}
      data-testid="progress-mine"
      data-progress={mine}
      title={`mine: ${PROGRESS_LABELS[mine]}`}
    >
      <span aria-hidden>{MINE_GLYPH[mine]}</span>
      <span className="sr-only">{PROGRESS_LABELS[mine]}</span>
    </span>
  );
}

/** The study's mark of a call (disputed, adjudicated), or nothing. */
export function StudyMark({ mark }: { mark: EpisodeProgress | undefined }) {
  const study = mark?.study;
  if (!study) return null;
  return (
    <span
      className={`study-mark study-${study}`}
      data-testid="progress-study"
      data-progress={study}
      title={`study: ${PROGRESS_LABELS[study]}`}
    >
      {PROGRESS_LABELS[study]}
    </span>
  );
}
