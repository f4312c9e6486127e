/** Keeps the judge's verdict out of sight while the study hides it until the commit or the first label on the call. */
import type { ReactNode } from 'react';
import { useApp } from '../../store';

/** Renders `children` (the judge panel) unless the current annotator must not see the judge yet. */
export function JudgeGate({ children }: { children: ReactNode }) {
  const state = useApp((s) => {
    // The main side withheld the judge's output from this call (for an unnamed viewer too): never "no judge output".
    if (s.detail?.judgeHidden) return 'hidden';
    if (s.annotatorId === null) return 'visible';
    if (!s.labels || s.labels.episodeId !== s.episodeId) return 'loading';
    return s.labels.judgeVisible ? 'visible' : 'hidden';
  });
  const untilCommit = useApp(
    (s) => s.labels?.settings.hideJudgeUntilCommit ?? s.facets?.judgeHiddenUntil !== 'first_label',
  );
  const named = useApp((s) => s.annotatorId !== null);
  if (state === 'visible') return <>{children}</>;
  const notice = !named
    ? `Hidden in this study until the annotator ${untilCommit ? 'commits their labels for' : 'saves a first label on'} this call; choose who you are (top right) to label it.`
    : untilCommit
      ? 'Hidden until you commit your labels for this call; both your pre-reveal and final labels are kept.'
      : 'Hidden until you save your first label on this call; the time the judge is revealed is kept.';
  return (
    <section className="panel judge" data-testid="judge-hidden" data-state={state}>
      <header className="panel-head">
        <h2>Judge</h2>
      </header>
      {state === 'hidden' && <p className="judge-hidden">{notice}</p>}
    </section>
  );
}
