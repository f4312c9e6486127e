/**
 * The episode header's "Import from…" panel: an ELAN, Praat or Audacity file picked here, read in the renderer, its
 * regions become the current annotator's and its turns go onto the call (replacing them only when asked). The main
 * side takes all of the file or none of it; the panel says what was imported or why the file was refused.
 */
import { useEffect, useState } from 'react';
import type { AnnotationImportResult } from '../../../shared/types/annotation-files';
import { countNoun } from '../../../shared/count-noun';
import { call } from '../../api/client';
import { useApp } from '../../store';
import { readAnnotationFile } from './read-annotation-file';
import { toolFormatLabel } from './tool-formats';

/** What the last import did, or why it was refused. */
type Outcome = { result: AnnotationImportResult } | { error: string } | null;

/** The sentence about the file's turns. */
function turnsText(t: AnnotationImportResult['turns']): string {
  if (t.outcome === 'none') return 'no turns in the file';
  if (t.outcome === 'added') return `${countNoun(t.inFile, 'turn')} added (the call had none)`;
  if (t.outcome === 'replaced') return `${countNoun(t.inFile, 'turn')} replaced the call's ${t.before}`;
  return `the call's ${countNoun(t.before, 'turn')} kept (${t.inFile} in the file)`;
}

/** What an import did, one line per part. */
function ImportReport({ result }: { result: AnnotationImportResult }) {
  const r = result.regions;
  return (
    <div className="import-report" role="status" data-testid="annotation-import-result">
      <p className="import-file">
        {result.file} · {toolFormatLabel(result.format)}
      </p>
      <p data-testid="annotation-import-regions">
        {r
          ? `${countNoun(r.count, 'region')} of ${result.annotator} from tier “${r.tier}” (had ${r.before})`
          : `regions of ${result.annotator} unchanged (no regions tier in the file)`}
      </p>
      <p data-testid="annotation-import-turns">{turnsText(result.turns)}</p>
      {result.leftOut.length > 0 && (
        <ul className="import-left-out" data-testid="annotation-import-left-out">
          {result.leftOut.map((l) => (
            <li key={l}>left out: {l}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The "Import from…" button and its panel for the open episode. */
export function AnnotationImport({ episodeId }: { episodeId: number }) {
  const annotatorId = useApp((s) => s.annotatorId);
  const loadLabels = useApp((s) => s.loadLabels);
  const openEpisode = useApp((s) => s.openEpisode);
  const [open, setOpen] = useState(false);
  const [replaceTurns, setReplaceTurns] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [finished, setFinished] = useState(0);

  useEffect(() => {
    setOpen(false);
    setOutcome(null);
  }, [episodeId]);

  const importFile = async (file: File) => {
    if (annotatorId === null) return;
    setBusy(true);
    setOutcome(null);
    try {
      const content = await readAnnotationFile(file);
      const result = await call('annotations.import', {
        episodeId,
        annotatorId,
        fileName: file.name.slice(0, 260),
        content,
        replaceTurns,
      });
      // New turns come with the episode's detail; the regions with the annotator's labels.
      if (result.turns.outcome === 'added' || result.turns.outcome === 'replaced') await openEpisode(episodeId);
      await loadLabels();
      setOutcome({ result });
    } catch (err) {
      setOutcome({ error: (err as Error).message });
    } finally {
      setBusy(false);
      setFinished((n) => n + 1);
    }
  };

  return (
    <div className="annotation-import">
      <button
        type="button"
        className="small"
        data-testid="annotation-import-open"
        aria-expanded={open}
        disabled={annotatorId === null}
        title={annotatorId === null ? 'Pick who is labelling first' : 'Regions and turns from ELAN, Praat or Audacity'}
        onClick={() => setOpen(!open)}
      >
        Import from…
      </button>
      {open && (
        <div
          className="import-panel"
          data-testid="annotation-import"
          data-imports={finished}
          role="dialog"
          aria-label="Import from a tool"
        >
          <p className="import-hint">
            An ELAN (.eaf), Praat (.TextGrid) or Audacity label (.txt) file: its regions become yours on this call.
          </p>
          <label className="import-replace">
            <input
              type="checkbox"
              data-testid="annotation-import-replace"
              checked={replaceTurns}
              onChange={(e) => setReplaceTurns(e.target.checked)}
            />
            replace the call&apos;s turns with the file&apos;s
          </label>
          <div className="import-actions">
            <label className={`button small${busy ? ' disabled' : ''}`}>
              {busy ? 'importing…' : 'choose a file…'}
              <input
                type="file"
                hidden
                disabled={busy}
                accept=".eaf,.TextGrid,.textgrid,.txt"
                data-testid="annotation-import-file"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void importFile(file);
                }}
              />
            </label>
            <button
              type="button"
              className="small"
              data-testid="annotation-import-close"
              onClick={() => setOpen(false)}
            >
              close
            </button>
          </div>
          {outcome && 'error' in outcome && (
            <p className="error" role="alert" data-testid="annotation-import-error">
              Not imported, nothing changed: {outcome.error}
            </p>
          )}
          {outcome && 'result' in outcome && <ImportReport result={outcome.result} />}
        </div>
      )}
    </div>
  );
}
