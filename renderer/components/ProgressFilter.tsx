/** The episode list's progress filter: my own marks (with an annotator chosen) and the study's (where not blind). */
import { useApp } from '../store';
import { MY_PROGRESS, PROGRESS_LABELS, STUDY_PROGRESS, type ProgressValue } from '../../shared/types/progress';

/** A select of progress marks; options that cannot apply are disabled, with the reason on hover. */
export function ProgressFilter() {
  const selected = useApp((s) => s.browse.progress);
  const setBrowse = useApp((s) => s.setBrowse);
  const annotatorChosen = useApp((s) => s.annotatorId !== null);
  const studyShown = useApp((s) => s.studyProgressShown);
  const studyHidden = useApp((s) => s.studyProgressHiddenReason);
  const mineWhy = annotatorChosen ? undefined : 'Choose who you are (top right) to filter by your own progress.';
  const studyWhy = studyShown ? undefined : (studyHidden ?? undefined);
  return (
    <label className="filter">
      <span>progress</span>
      <select
        data-testid="filter-progress"
        value={selected ?? ''}
        onChange={(e) =>
          void setBrowse({ progress: e.target.value === '' ? undefined : (e.target.value as ProgressValue) })
        }
      >
        <option value="">all</option>
        <optgroup label="mine">
          {MY_PROGRESS.map((v) => (
            <option key={v} value={v} disabled={!annotatorChosen} title={mineWhy}>
              {PROGRESS_LABELS[v]}
            </option>
          ))}
        </optgroup>
        <optgroup label="study">
          {STUDY_PROGRESS.map((v) => (
            <option key={v} value={v} disabled={!studyShown} title={studyWhy}>
              {PROGRESS_LABELS[v]}
            </option>
          ))}
        </optgroup>
      </select>
    </label>
  );
}
