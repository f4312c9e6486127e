/**
 * The episode header's "Export to…" menu (the open call as an ELAN, Praat or Audacity file, saved like a CSV export)
 * and, beside it, "Import from…" (such a file's regions and turns onto the call).
 */
import { useState } from 'react';
import type { AnnotationFormat } from '../../../shared/types/annotation-files';
import { call } from '../../api/client';
import { useApp } from '../../store';
import { saveFile } from '../labels/download';
import { AnnotationImport } from './AnnotationImport';
import { TOOL_FORMATS } from './tool-formats';
import './exchange.css';

/** Exports the open episode's timed turns and the labels the current annotator may read, then resets the menu. */
export function AnnotationExport({ episodeId }: { episodeId: number }) {
  const annotatorId = useApp((s) => s.annotatorId);
  const [message, setMessage] = useState<string | null>(null);
  const exportAs = async (format: AnnotationFormat) => {
    if (annotatorId === null) return;
    try {
      setMessage(null);
      saveFile(await call('annotations.export', { episodeId, format, viewerId: annotatorId }));
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  return (
    <div className="annotation-export">
      <select
        data-testid="annotation-export"
        aria-label="Export to an annotation tool"
        title={
          annotatorId === null ? 'Pick who is labelling first' : 'Turns, regions and labels for ELAN, Praat or Audacity'
        }
        disabled={annotatorId === null}
        value=""
        onChange={(e) => void exportAs(e.target.value as AnnotationFormat)}
      >
        <option value="">Export to…</option>
        {TOOL_FORMATS.map((c) => (
          <option key={c.format} value={c.format}>
            {c.label}
          </option>
        ))}
      </select>
      <AnnotationImport episodeId={episodeId} />
      {message && (
        <span className="error" role="alert" data-testid="annotation-export-error">
          {message}
        </span>
      )}
    </div>
  );
}
