/** The acknowledgement indicator: shows a change as saved only once the main side has committed it to the database. */
import { useApp } from '../../store';

/** "saving…", "✓ saved" (with the history revision acknowledged) or the failure. */
export function SaveIndicator() {
  const state = useApp((s) => s.saveState);
  const error = useApp((s) => s.saveError);
  const revision = useApp((s) => s.lastAck?.revision ?? null);
  const text = state === 'saving' ? 'saving…' : state === 'saved' ? '✓ saved' : state === 'error' ? '⚠ not saved' : '';
  return (
    <span className={`save-state save-${state}`} data-testid="label-ack" data-state={state} data-revision={revision ?? ''} title={error ?? (revision ? `history revision ${revision}` : undefined)} role="status" aria-live="polite">
      {text}
    </span>
  );
}
