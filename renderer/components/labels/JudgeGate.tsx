/** Keeps the judge's verdict out of sight while the study hides it until the annotator commits (pre-reveal labelling). */
import type { ReactNode } from 'react';
import { useApp } from '../../store';

/** Renders `children` (the judge panel) unless the current annotator must not see the judge yet. */
export function JudgeGate({ children }: { children: ReactNode }) {
  const state = useApp((s) => {
    if (s.annotatorId === null) return 'visible';
    if (!s.labels || s.labels.episodeId !== s.episodeId) return 'loading';
    return s.labels.judgeVisible ? 'visible' : 'hidden';
  });
  if (state === 'visible') return <>{children}</>;
  return (
    <section className="panel judge" data-testid="judge-hidden" data-state={state}>
      <header className="panel-head"><h2>Judge</h2></header>
      {state === 'hidden' && <p className="judge-hidden">Hidden until you commit your labels for this call; both your pre-reveal and final labels are kept.</p>}
    </section>
  );
}
