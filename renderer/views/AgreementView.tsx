/** Agreement: pick a field and raters, compute every statistic with its bootstrap interval on the main side, read and export. */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AgreementReport, PairReport, StudyAgreement } from '../../shared/types/annotation';
import { call } from '../api/client';
import { bridge } from '../api/client';
import { useApp } from '../store';
import { saveFile } from '../components/labels/download';
import '../components/labels/labels.css';

type Interval = AgreementReport['statistics']['percentAgreement'];
const NAMES: [keyof AgreementReport['statistics'], string][] = [
  ['percentAgreement', 'Percent agreement'],
  ['cohenKappa', "Cohen's κ"],
  ['cohenKappaLinear', "Cohen's κ, linear"],
  ['cohenKappaQuadratic', "Cohen's κ, quadratic"],
  ['fleissKappa', "Fleiss' κ"],
  ['krippendorffAlpha', "Krippendorff's α"],
  ['gwetAc1', "Gwet's AC1"],
];

const f3 = (x: number | null | undefined) => (x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(3));

function CiBar({ i }: { i: Interval }) {
  if (i.estimate === null) return null;
  const x = (v: number) => `${((Math.max(-1, Math.min(1, v)) + 1) / 2) * 100}%`;
  return (
    <span className="ci-bar" title="−1 … 1">
      {i.low !== null && i.high !== null && <span style={{ left: x(i.low), width: `calc(${x(i.high)} - ${x(i.low)})` }} />}
      <i style={{ left: x(i.estimate) }} />
    </span>
  );
}

function StatsTable({ report }: { report: AgreementReport }) {
  return (
    <table className="data" data-testid="agreement-stats">
      <thead><tr><th>statistic</th><th className="num">estimate</th><th className="num">95% CI</th><th /></tr></thead>
      <tbody>
        {NAMES.filter(([k]) => report.statistics[k] !== null).map(([k, name]) => {
          const i = report.statistics[k]!;
          return (
            <tr key={k} data-stat={k}>
              <td>{name}</td><td className="num">{f3(i.estimate)}</td><td className="num">[{f3(i.low)}, {f3(i.high)}]</td><td><CiBar i={i} /></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Matrix({ report }: { report: AgreementReport }) {
  const m = report.confusionMatrix;
  if (!m) return <p className="muted">Confusion matrices are drawn for two raters.</p>;
  const max = Math.max(1, ...m.counts.flat());
  return (
    <table className="cm" data-testid="confusion-matrix">
      <thead><tr><th>{m.rowRater} ↓ · {m.columnRater} →</th>{m.categories.map((c) => <th key={c}>{c}</th>)}</tr></thead>
      <tbody>
        {m.categories.map((c, i) => (
          <tr key={c}>
            <th>{c}</th>
            {m.counts[i].map((n, j) => (
              <td key={j} style={{ background: n ? `color-mix(in srgb, ${i === j ? 'var(--good)' : 'var(--bad)'} ${Math.round(15 + 70 * (n / max))}%, transparent)` : undefined }}>{n}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Pairs({ title, pairs }: { title: string; pairs: PairReport[] }) {
  if (pairs.length === 0) return null;
  return (
    <div className="card">
      <h2>{title}</h2>
      <table className="data" data-testid="pair-table">
        <thead><tr><th>rater</th><th>vs</th><th className="num">items</th><th className="num">agreement</th><th className="num">Cohen's κ [95% CI]</th></tr></thead>
        <tbody>
          {pairs.map((p) => {
            const s = p.report?.statistics;
            return (
              <tr key={p.rater + p.reference}>
                <td>{p.rater}</td><td>{p.reference}</td><td className="num">{p.report?.nPairableItems ?? 0}</td>
                <td className="num">{f3(s?.percentAgreement.estimate)}</td>
                <td className="num">{s?.cohenKappa ? `${f3(s.cohenKappa.estimate)} [${f3(s.cohenKappa.low)}, ${f3(s.cohenKappa.high)}]` : (p.problem ?? '–')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Result({ a }: { a: StudyAgreement }) {
  const o = a.overall;
  return (
    <div className="cards" data-testid="agreement-result">
      <div className="card">
        <h2>{a.field} · {o.raters.join(' & ')}</h2>
        <p className="muted">{o.nPairableItems} of {o.nItems} items labelled by two or more · {o.level} · {o.bootstrap.resamples.toLocaleString()} resamples, seed {o.bootstrap.seed} · {a.phase} labels</p>
        <StatsTable report={o} />
      </div>
      <div className="card"><h2>Confusion matrix</h2><Matrix report={o} /></div>
      {a.breakdowns.length > 0 && (
        <div className="card span-2">
          <h2>Breakdowns</h2>
          <table className="data">
            <thead><tr><th>by</th><th>group</th><th className="num">items</th><th className="num">agreement</th><th className="num">κ (α)</th></tr></thead>
            <tbody>
              {a.breakdowns.map((b) => (
                <tr key={b.by + b.group}><td>{b.by}</td><td>{b.group}</td><td className="num">{b.report?.nPairableItems ?? 0}</td><td className="num">{f3(b.report?.statistics.percentAgreement.estimate)}</td><td className="num">{f3((b.report?.statistics.cohenKappa ?? b.report?.statistics.krippendorffAlpha)?.estimate)}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pairs title="Annotators vs the judge" pairs={a.humanVsJudge} />
      <Pairs title="Against the adjudicated label" pairs={a.vsAdjudicated} />
      {a.judgeScores && (
        <div className="card">
          <h2>Judge flags vs pooled annotators</h2>
          <table className="data" data-testid="judge-scores">
            <thead><tr><th>pooling</th><th className="num">n</th><th className="num">precision</th><th className="num">recall</th><th className="num">F1</th></tr></thead>
            <tbody>
              {(['strict', 'lenient'] as const).map((k) => (
                <tr key={k}><td>{k}</td><td className="num">{a.judgeScores![k].n}</td><td className="num">{f3(a.judgeScores![k].precision)}</td><td className="num">{f3(a.judgeScores![k].recall)}</td><td className="num">{f3(a.judgeScores![k].f1)}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The agreement view (full width). */
export function AgreementView() {
  const { studyId, annotators } = useApp(useShallow((s) => ({ studyId: s.studyId, annotators: s.annotators })));
  const [fields, setFields] = useState<string[]>([]);
  const [field, setField] = useState('');
  const [level, setLevel] = useState('');
  const [raters, setRaters] = useState<number[]>([]);
  const [result, setResult] = useState<StudyAgreement | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (studyId === null) return;
    setResult(null);
    void call('agreement.fields', { studyId }).then((f) => {
      setFields(f);
      setField((cur) => (f.includes(cur) ? cur : (f.find((x) => x !== 'notes') ?? '')));
    });
  }, [studyId]);
  useEffect(() => bridge.on((event, payload) => {
    const p = payload as { kind?: string; done: number; total: number; finished: boolean };
    if (event === 'job.progress' && p.kind?.startsWith('agreement') && !p.finished) setBusy(`computing… ${p.done} of ${p.total} reports`);
  }), []);

  const run = async <T,>(what: () => Promise<T>): Promise<T | null> => {
    setBusy('computing…');
    setError(null);
    try {
      return await what();
    } catch (err) {
      setError((err as Error).message);
      return null;
    } finally {
      setBusy(null);
    }
  };
  const input = () => ({ studyId: studyId!, field, raterIds: raters.length >= 2 ? raters : undefined, level: (level || undefined) as 'nominal' | 'ordinal' | 'interval' | undefined });
  const compute = async () => setResult(await run(() => call('agreement.compute', input())));
  const exportReport = async (format: 'markdown' | 'html') => {
    const files = await run(() => call('agreement.report', { studyId: studyId!, fields: [field], format, raterIds: input().raterIds }));
    if (files) {
      saveFile(files.document);
      saveFile(files.csv);
    }
  };

  return (
    <main className="wide" data-testid="agreement-view">
      <h1>Agreement</h1>
      <div className="agreement-controls">
        <label>field
          <select data-testid="agreement-field" value={field} onChange={(e) => setField(e.target.value)}>
            {fields.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        <label>level
          <select value={level} onChange={(e) => setLevel(e.target.value)}>
            <option value="">field’s own</option><option value="nominal">nominal</option><option value="ordinal">ordinal</option><option value="interval">interval</option>
          </select>
        </label>
        <span className="muted">raters (none ticked = everyone who labelled):</span>
        {annotators.map((a) => (
          <label key={a.id}><input type="checkbox" checked={raters.includes(a.id)} onChange={(e) => setRaters((r) => (e.target.checked ? [...r, a.id] : r.filter((x) => x !== a.id)))} />{a.name}</label>
        ))}
        <button type="button" className="primary" data-testid="agreement-compute" disabled={!field || busy !== null} onClick={() => void compute()}>Compute</button>
        <button type="button" className="small" data-testid="report-markdown" disabled={!field || busy !== null} onClick={() => void exportReport('markdown')}>Report (Markdown + CSV)</button>
        <button type="button" className="small" data-testid="report-html" disabled={!field || busy !== null} onClick={() => void exportReport('html')}>Report (HTML + CSV)</button>
        {busy && <span className="progress-line" data-testid="agreement-busy">{busy}</span>}
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {fields.length === 0 && <p className="empty">No labels in this study yet.</p>}
      {result && <Result a={result} />}
    </main>
  );
}
