/** Agreement: pick a field and raters, compute every statistic with its bootstrap interval on the main side — the
 * humans among themselves, and the judge against them under each judge-to-field mapping — read and export. */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { bridge, call } from '../api/client';
import { useApp } from '../store';
import type { AgreementRequest } from '../store/judge-validation-slice';
import { ALPHA_METRICS, WEIGHT_FAMILIES } from '../../shared/types/agreement-report';
import { saveFile } from '../components/labels/download';
import { BlindGate } from '../components/agreement/BlindGate';
import { AgreementResult } from '../components/agreement/AgreementResult';
import { useOfferedAnnotators } from '../components/labels/use-offered-annotators';
import '../components/labels/labels.css';

type Level = AgreementRequest['level'];
type Weights = AgreementRequest['weights'];

/** The agreement view (full width). */
export function AgreementView() {
  const { studyId, viewerId, result, resultViewer, busy, error } = useApp(
    useShallow((s) => ({
      studyId: s.studyId, viewerId: s.annotatorId, result: s.agreementResult,
      resultViewer: s.agreementViewerId, busy: s.agreementBusy, error: s.agreementError,
    })),
  );
  const annotators = useOfferedAnnotators();
  const { computeAgreement, loadJudgeMappings, loadAnnotators } = useApp.getState();
  const [fields, setFields] = useState<string[]>([]);
  const [field, setField] = useState(result?.field ?? '');
  const [level, setLevel] = useState('');
  const [weights, setWeights] = useState('');
  const [toleranceMs, setToleranceMs] = useState(1000);
  const [pairBootstrap, setPairBootstrap] = useState(false);
  const [raters, setRaters] = useState<number[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  useEffect(() => {
    if (studyId === null) return;
    // Kept while the user visits an episode and comes back; forgotten for another study.
    if (useApp.getState().judgeStudyId !== studyId) useApp.getState().resetJudgeValidation(studyId);
    void loadJudgeMappings();
    void loadAnnotators(); // an import may have added the study's annotators
    void call('agreement.fields', { studyId }).then((f) => {
      setFields(f);
      setField((cur) => (f.includes(cur) ? cur : (f.find((x) => x !== 'notes') ?? '')));
    });
  }, [studyId, loadJudgeMappings, loadAnnotators]);
  useEffect(() => bridge.on((event, payload) => {
    if (event === 'job.progress' && payload.kind.startsWith('agreement') && !payload.finished) {
      setProgress(`computing… ${payload.done} of ${payload.total} reports`);
    }
  }), []);
  useEffect(() => {
    if (!busy) setProgress(null);
  }, [busy]);

  const raterIds = raters.length >= 2 ? raters : undefined;
  const compute = () =>
    void computeAgreement({
      studyId: studyId!, field, raterIds, toleranceMs,
      level: (level || undefined) as Level, weights: (weights || undefined) as Weights,
      ...(pairBootstrap ? { pairBootstrap } : {}),
    });
  const exportReport = async (format: 'markdown' | 'html') => {
    if (viewerId === null) return setExportError('Choose who you are (top right) to export a report.');
    setExportError(null);
    try {
      const files = await call('agreement.report', { studyId: studyId!, viewerId, fields: [field], format, raterIds });
      saveFile(files.document);
      saveFile(files.csv);
    } catch (err) {
      setExportError((err as Error).message);
    }
  };
  const idle = !field || busy;
  const shown = result && result.study.id === studyId && resultViewer === viewerId ? result : null;

  return (
    <main className="wide" data-testid="agreement-view">
      <h1>Agreement</h1>
      <div className="agreement-controls">
        <label>field
          <select data-testid="agreement-field" value={field} onChange={(e) => setField(e.target.value)}>
            {fields.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        <label title="α’s level of measurement; it also sets the weights of the weighted forms">level
          <select data-testid="agreement-level" value={level} onChange={(e) => setLevel(e.target.value)}>
            <option value="">field’s own</option>
            {ALPHA_METRICS.map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </label>
        <label title="weight family of the weighted κ, π, AC2 and percent agreement">weights
          <select data-testid="agreement-weights" value={weights} onChange={(e) => setWeights(e.target.value)}>
            <option value="">level’s own</option>
            {WEIGHT_FAMILIES.map((w) => <option key={w} value={w}>{w}</option>)}
          </select>
        </label>
        <label title="first-error and region fields: marks this close agree">tolerance
          <input type="number" data-testid="agreement-tolerance" min={0} max={600000} step={100} value={toleranceMs}
            onChange={(e) => setToleranceMs(Math.max(0, Math.round(Number(e.target.value) || 0)))}
            style={{ width: 80 }} /> ms
        </label>
        <label title="also bootstrap α by Hayes & Krippendorff’s pair resampling (KALPHA)">
          <input type="checkbox" data-testid="agreement-pair-bootstrap" checked={pairBootstrap}
            onChange={(e) => setPairBootstrap(e.target.checked)} />
          α pair bootstrap
        </label>
        <span className="muted">raters (none ticked = everyone who labelled):</span>
        {annotators.map((a) => (
          <label key={a.id}>
            <input type="checkbox" data-testid="agreement-rater" data-name={a.name} checked={raters.includes(a.id)}
              onChange={(e) => setRaters((r) => (e.target.checked ? [...r, a.id] : r.filter((x) => x !== a.id)))} />
            {a.name}
          </label>
        ))}
        <button type="button" className="primary" data-testid="agreement-compute" disabled={idle} onClick={compute}>
          Compute
        </button>
        <button type="button" className="small" data-testid="report-markdown" disabled={idle}
          onClick={() => void exportReport('markdown')}>Report (Markdown + CSV)</button>
        <button type="button" className="small" data-testid="report-html" disabled={idle}
          onClick={() => void exportReport('html')}>Report (HTML + CSV)</button>
        {busy && <span className="progress-line" data-testid="agreement-busy">{progress ?? 'computing…'}</span>}
      </div>
      {(error ?? exportError) && (
        <p className="error" role="alert" data-testid="agreement-error">{error ?? exportError}</p>
      )}
      {fields.length === 0 && <p className="empty">No labels in this study yet.</p>}
      <BlindGate studyId={studyId} viewerId={viewerId}>
        {shown && <AgreementResult a={shown} />}
      </BlindGate>
    </main>
  );
}
