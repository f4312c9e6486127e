/** Study setup: export my labels as a bundle, merge a bundle from another machine (conflicts reported), export validation.csv. */
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ExchangeImportResult } from '../../../shared/types/annotation';
import { call } from '../../api/client';
import { countNoun } from '../../../shared/count-noun';
import { useApp } from '../../store';
import { readPickedFile, saveFile } from './download';

/** The exchange card. */
export function SetupExchange() {
  const { studyId, annotatorId, loadAnnotators } = useApp(
    useShallow((s) => ({ studyId: s.studyId, annotatorId: s.annotatorId, loadAnnotators: s.loadAnnotators })),
  );
  const [onConflict, setOnConflict] = useState<'keep' | 'take'>('keep');
  const [result, setResult] = useState<ExchangeImportResult | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  // The card sits low in Setup: an outcome that came below the fold (e.g. at 1280×720) is scrolled into view.
  useEffect(() => {
    if (result || message || notice) outcome.current?.scrollIntoView({ block: 'nearest' });
  }, [result, message, notice]);
  if (studyId === null) return null;
  const attempt = async (work: () => Promise<void>) => {
    try {
      setMessage(null);
      setNotice(null);
      setResult(null);
      await work();
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  // The viewer is the current annotator: the main side refuses other annotators' labels while the study is blind.
  const exportMine = (me: number) =>
    attempt(async () => saveFile(await call('exchange.export', { studyId, annotatorId: me, viewerId: me })));
  const exportCsv = (me: number) =>
    attempt(async () => {
      const file = await call('exchange.validationCsv', { studyId, viewerId: me });
      saveFile(file);
      // The file was saved: what it lacks is a note, not an error.
      if (file.warnings.length) setNotice(file.warnings.join(' · '));
    });
  return (
    <div className="card" data-testid="setup-exchange">
      <h2>Offline exchange</h2>
      <div className="setup-row">
        <button type="button" className="small" data-testid="exchange-export" disabled={annotatorId === null}
          onClick={() => annotatorId !== null && void exportMine(annotatorId)}>
          export my labels (bundle)
        </button>
        <button type="button" className="small" data-testid="exchange-csv" disabled={annotatorId === null}
          onClick={() => annotatorId !== null && void exportCsv(annotatorId)}>
          export validation.csv
        </button>
      </div>
      <div className="setup-row">
        <label className="small">import a bundle…
          <input type="file" hidden accept=".json,application/json" data-testid="exchange-import" onChange={(e) => {
            const input = e.target;
            // The previous outcome goes at once, not when the file has been read.
            void attempt(async () => {
              const picked = await readPickedFile(input);
              input.value = '';
              if (!picked) return;
              const imported = await call('exchange.import', { content: picked.text, studyId, onConflict });
              // The bundle's author may be new here: the annotator lists show them with the result.
              await loadAnnotators();
              setResult(imported);
            });
          }} />
        </label>
        <label>on conflict
          <select data-testid="exchange-on-conflict" value={onConflict} onChange={(e) => setOnConflict(e.target.value as 'keep' | 'take')}>
            <option value="keep">keep mine, report it</option><option value="take">take theirs, report it</option>
          </select>
        </label>
      </div>
      <div ref={outcome} className="setup-outcome">
        {message && <p className="error" role="alert" data-testid="exchange-error">{message}</p>}
        {notice && <p className="warnings" role="status" data-testid="exchange-notice">{notice}</p>}
        {result && (
          <div data-testid="exchange-result">
            <p>{result.annotator}: {result.added} added, {result.unchanged} unchanged, {countNoun(result.conflicts.length, 'conflict')}{result.missingEpisodes.length ? `, ${countNoun(result.missingEpisodes.length, 'episode')} not in this study` : ''}.</p>
            {result.conflicts.length > 0 && (
              <table className="data">
                <thead><tr><th>episode</th><th>field</th><th>here</th><th>bundle</th><th>kept</th></tr></thead>
                <tbody>
                  {result.conflicts.map((c) => (
                    <tr key={c.externalId + c.field + c.phase} data-testid="exchange-conflict"><td>{c.externalId}</td><td>{c.field}</td><td>{JSON.stringify(c.local)}</td><td>{JSON.stringify(c.incoming)}</td><td>{c.resolution === 'kept_local' ? 'here' : 'bundle'}</td></tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
