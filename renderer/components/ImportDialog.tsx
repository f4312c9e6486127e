/**
 * The Import command: pick a run folder or file on this machine (or drop one), or type an s3:// or https:// location
 * (downloaded into the cache first), watch the progress, cancel.
 */
import type { DragEvent } from 'react';
import { useApp } from '../store';
import { bridge } from '../api/client';
import type { ImportSummary } from '../../shared/methods/imports';
import type { ImportFormatChoice } from '../store/import-slice';
import { countNoun, importCounts } from '../../shared/count-noun';
import { Dialog } from './Dialog';

function Progress() {
  const job = useApp((s) => s.importJob);
  const cancel = useApp((s) => s.cancelImport);
  const openStudy = useApp((s) => s.openStudy);
  const close = useApp((s) => s.openImport);
  if (!job) return null;
  const summary = job.finished && !job.error ? (job.result as ImportSummary) : null;
  const pct = job.total > 0 ? Math.round((job.done / job.total) * 100) : null;
  return (
    <div className="import-progress" data-testid="import-progress" data-finished={job.finished ? 'true' : 'false'}>
      {/* Full only once it succeeded: a cancelled or failed import stays where it stopped. */}
      <progress max={100} value={job.finished ? (job.error ? (pct ?? 0) : 100) : (pct ?? undefined)} />
      <p className="num" data-testid="import-message">
        {!job.error ? job.message : job.message === 'cancelled' ? `Import ${job.error}` : `Import failed: ${job.error}`}
      </p>
      {!job.finished && (
        <button type="button" data-testid="import-cancel" onClick={() => void cancel()}>
          Cancel
        </button>
      )}
      {summary && (
        <div data-testid="import-summary">
          <p>
            “{summary.study.name}”: {importCounts(summary)}, {countNoun(summary.judgements, 'judgement')},{' '}
            {countNoun(summary.annotations, 'label')}
            {summary.skipped ? `, ${summary.skipped} skipped` : ''}
            {summary.aligned?.turns
              ? `; ${countNoun(summary.aligned.turns, 'turn')} aligned to the audio (times estimated)`
              : ''}
            .
          </p>
          {summary.warnings.length > 0 && (
            <ul className="warnings">
              {summary.warnings.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ul>
          )}
          <button
            type="button"
            data-testid="import-open-study"
            onClick={() => {
              close(false);
              void openStudy(summary.study.id);
            }}
          >
            Open the study
          </button>
        </div>
      )}
    </div>
  );
}

/** The formats offered, as [value, label]; '' lets the main side tell the format from the files. */
const FORMATS: readonly (readonly [ImportFormatChoice, string])[] = [
  ['', 'auto: tell from the files'],
  ['tau2', 'τ²-bench run (results.json, simulations/)'],
  ['tau-elicitation', 'τ-Elicitation archive or transcripts'],
  ['vera', 'VERA episodes JSON'],
  ['generic', 'generic JSONL (earshot-episode-v1)'],
];

/** The import dialog, shown over the studio. */
export function ImportDialog() {
  const open = useApp((s) => s.importOpen);
  const listing = useApp((s) => s.listing);
  const path = useApp((s) => s.importPath);
  const format = useApp((s) => s.importFormat);
  const study = useApp((s) => s.importStudy);
  const error = useApp((s) => s.importError);
  const job = useApp((s) => s.importJob);
  const s = useApp.getState();
  if (!open) return null;
  const running = job !== null && !job.finished;
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    const dropped = file && bridge.pathForFile?.(file);
    if (dropped) s.setImportPath(dropped);
    else s.setImportPath(path);
  };
  return (
    <Dialog label="Import results" testId="import-dialog" cardClass="import-card" onDrop={onDrop}>
      <header className="panel-head">
        <h2 data-testid="import-title">Import results</h2>
        <button
          type="button"
          className="close"
          data-testid="import-close"
          aria-label="Close"
          onClick={() => s.openImport(false)}
          disabled={running}
        >
          ×
        </button>
      </header>
      <p className="hint" data-testid="import-hint">
        A τ²-bench run folder, a τ-Elicitation archive folder, a VERA episodes JSON, or a generic JSONL — on this
        machine, or at an s3:// or https:// location, downloaded first.
        {bridge.door === 'electron' ? ' You can also drop it here.' : ''}
      </p>
      {listing && (
        <div className="browser">
          <div className="crumbs">
            <span className="num" data-testid="import-folder" title={listing.path}>
              {listing.path}
            </span>
            <button
              type="button"
              className="small"
              data-testid="import-use-folder"
              onClick={() => s.setImportPath(listing.path, true)}
              disabled={path === listing.path}
            >
              Use this folder
            </button>
          </div>
          <ul className="entries">
            {listing.parent && (
              <li>
                <button type="button" data-testid="import-up" onClick={() => void s.browseTo(listing.parent!)}>
                  ⬑ ..
                </button>
              </li>
            )}
            {listing.entries.map((e) => (
              <li key={e.path} className={e.path === path ? 'chosen' : ''}>
                <button
                  type="button"
                  data-testid="import-entry"
                  data-name={e.name}
                  data-kind={e.kind}
                  data-format={e.format ?? ''}
                  onClick={() =>
                    e.kind === 'folder' && !e.format ? void s.browseTo(e.path) : s.setImportPath(e.path, true)
                  }
                  onDoubleClick={() => e.kind === 'folder' && void s.browseTo(e.path)}
                >
                  {e.kind === 'folder' ? '📁' : '📄'} {e.name}
                </button>
                {e.format && <span className="chip">{e.format}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <label className="field">
        <span>path</span>
        <input
          data-testid="import-path"
          value={path}
          onChange={(e) => s.setImportPath(e.target.value)}
          placeholder="/path/to/run-folder, s3://bucket/prefix/ or https://…"
        />
      </label>
      <label className="field">
        <span>format</span>
        <select
          data-testid="import-format"
          className={error && !format && /cannot tell the format/.test(error) ? 'attention' : ''}
          value={format}
          onChange={(e) => s.setImportFormat(e.target.value as ImportFormatChoice)}
        >
          {FORMATS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>study</span>
        <input
          data-testid="import-study"
          value={study}
          onChange={(e) => s.setImportStudy(e.target.value)}
          placeholder="named after the source"
        />
      </label>
      {error && (
        <p className="error" role="alert" data-testid="import-error">
          {error}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          data-testid="import-start"
          disabled={!path || running}
          onClick={() => void s.startImport()}
        >
          Import
        </button>
      </div>
      <Progress />
    </Dialog>
  );
}
