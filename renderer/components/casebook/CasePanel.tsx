/** The chosen case beside its call: category, where it points (play from there), note, author, export and removal. */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { call } from '../../api/client';
import { useApp } from '../../store';
import { saveFile } from '../labels/download';
import { caseSpanLabel } from './CaseList';
import { playFrom } from './play-from';

/** The side panel of the Casebook view. */
export function CasePanel() {
  const { casebook, selectedCaseId, annotatorId, error } = useApp(
    useShallow((s) => ({
      casebook: s.casebook,
      selectedCaseId: s.selectedCaseId,
      annotatorId: s.annotatorId,
      error: s.casebookError,
    })),
  );
  const removeCase = useApp((s) => s.removeCase);
  const [busy, setBusy] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const c = casebook?.cases.find((x) => x.id === selectedCaseId);
  if (!c || annotatorId === null) {
    return (
      <section className="panel" data-testid="case-panel">
        <p className="empty">Pick a case on the left.</p>
      </section>
    );
  }
  const exportHtml = async () => {
    setBusy(true);
    try {
      saveFile(await call('casebook.exportHtml', { caseId: c.id, viewerId: annotatorId }));
      setExportError(null);
    } catch (err) {
      setExportError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel case-panel" data-testid="case-panel" data-case-id={c.id}>
      <header className="panel-head">
        <h2>Case</h2>
        <span className="muted">{c.category}</span>
      </header>
      <p>
        <button type="button" className="small on" data-testid="case-play" onClick={() => playFrom(c.startMs ?? 0)}>
          ▶ Play from {caseSpanLabel(c)}
        </button>
      </p>
      <p className="case-note-full" data-testid="case-note">
        {c.note || <span className="muted">no note</span>}
      </p>
      <p className="muted">
        Added by {c.addedBy.name} on {c.addedAt.slice(0, 10)}
      </p>
      <div className="casebook-actions">
        <button
          type="button"
          className="small"
          data-testid="case-export"
          disabled={busy}
          onClick={() => void exportHtml()}
        >
          {busy ? 'Exporting…' : 'Export as HTML'}
        </button>
        <button type="button" className="small quiet" data-testid="case-remove" onClick={() => void removeCase(c.id)}>
          Remove
        </button>
      </div>
      {(exportError ?? error) && (
        <p className="error" role="alert">
          {exportError ?? error}
        </p>
      )}
    </section>
  );
}
