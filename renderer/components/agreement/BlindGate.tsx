/** The blind rules in the Agreement tab: asks the main side whether the viewer may read agreement, says why not. */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { AgreementAccess } from '../../../shared/types/annotation';
import { bridge, call } from '../../api/client';
import './agreement.css';

/** What the gate needs: the study, the annotator using the studio (null before they chose), what it guards. */
export interface BlindGateProps {
  studyId: number | null;
  viewerId: number | null;
  children: ReactNode;
}

/**
 * Renders `children` when `agreement.access` allows the viewer, else a notice (`agreement-blind`) with the reason.
 * The study lead and adjudicators, who always pass, get a "Reveal agreement" button (`agreement-reveal`) above the
 * children while the study is blind and not yet revealed. Asks again when the study's annotations change.
 */
export function BlindGate({ studyId, viewerId, children }: BlindGateProps) {
  // The answer is kept with the viewer it was for: after a switch of viewer, the previous viewer's access (and an
  // answer for them that arrives late) is never shown to the new one.
  const [answer, setAnswer] = useState<{ viewerId: number; access: AgreementAccess } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    if (studyId === null || viewerId === null) return setAnswer(null);
    try {
      setAnswer({ viewerId, access: await call('agreement.access', { studyId, viewerId }) });
      setError(null);
    } catch (err) {
      setAnswer(null);
      setError((err as Error).message);
    }
  }, [studyId, viewerId]);
  useEffect(() => void load(), [load]);
  useEffect(
    () =>
      bridge.on((event, payload) => {
        if (event === 'data.changed' && payload.scope === 'annotations' && payload.studyId === studyId) void load();
      }),
    [load, studyId],
  );
  const reveal = async () => {
    try {
      const access = await call('agreement.reveal', { studyId: studyId!, viewerId: viewerId! });
      setAnswer({ viewerId: viewerId!, access });
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const access = answer && answer.viewerId === viewerId && answer.access.studyId === studyId ? answer.access : null;
  if (studyId === null) return null;
  if (viewerId === null) {
    return (
      <section className="card blind-card" data-testid="agreement-blind" data-reason="no_viewer">
        <h2>Agreement</h2>
        <p>Choose who you are (top right): agreement is shown as the study’s blind rules allow you.</p>
      </section>
    );
  }
  if (error) return <p className="error blind-error" role="alert">{error}</p>;
  if (!access) {
    return (
      <p className="muted" data-testid="agreement-checking">
        checking access…
      </p>
    );
  }
  if (!access.allowed) {
    return (
      <section className="card blind-card" data-testid="agreement-blind" data-reason={access.reason}>
        <h2>Agreement is blind</h2>
        <p data-testid="agreement-blind-reason">{access.message}</p>
      </section>
    );
  }
  return (
    <>
      {access.canReveal && (
        <div className="blind-bar" data-testid="agreement-blind-status">
          <span>Annotators of this study see agreement only after finishing their share, or once it is revealed.</span>
          <button type="button" className="small" data-testid="agreement-reveal" onClick={() => void reveal()}>
            Reveal agreement
          </button>
        </div>
      )}
      {children}
    </>
  );
}
