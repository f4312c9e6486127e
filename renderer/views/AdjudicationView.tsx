/** Adjudication: the disputed items of a field on the left, the call in the centre, both annotators' labels, the judge and the final label on the right. */
import { Fragment, useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { UNRESOLVED, type AdjudicationItem, type ResolutionCount, type Taxonomy } from '../../shared/types/annotation';
import { call } from '../api/client';
import { useApp } from '../store';
import { EpisodeView } from './EpisodeView';
import '../components/labels/labels.css';

/** "source resolved for 86 of 90 (…)". */
export function resolutionText(c: ResolutionCount): string {
  return `${c.field} resolved for ${c.resolved} of ${c.items} (${c.unanimous} unanimous, ${c.decided} decided, ${c.unresolved} unresolved, ${c.disputed} open)`;
}

function AdjudicationPanel({ item, field, adjudicatorId, taxonomy, onDecided }: { item: AdjudicationItem | undefined; field: string; adjudicatorId: number; taxonomy: Taxonomy | null; onDecided(): void }) {
  const [value, setValue] = useState<string | null>(null);
  const [rationale, setRationale] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const options = taxonomy?.fields.find((f) => f.key === field)?.options?.map((o) => o.value) ?? [];
  useEffect(() => {
    setValue(item?.status === 'decided' ? item.final : null);
    setRationale(item?.rationale ?? '');
    setProblem(null);
  }, [item]);
  if (!item) return <section className="panel"><p className="empty">Pick an item on the left.</p></section>;
  const choices = [...new Set([...item.labels.map((l) => l.value!), ...options, UNRESOLVED])];
  const save = async () => {
    if (!value) return;
    try {
      await call('adjudication.decide', { episodeId: item.episodeId, field, value, rationale, adjudicatorId });
      onDecided();
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  return (
    <section className="panel adjudication-panel" data-testid="adjudication-panel">
      <header className="panel-head"><h2>Adjudicate · {field}</h2><span className={`status-${item.status}`}>{item.status}</span></header>
      <div className="rater-labels">
        {item.labels.map((l) => (
          <Fragment key={l.annotator}>
            <span className="muted">{l.annotator}</span>
            <strong data-testid="rater-label">{l.value}</strong>
          </Fragment>
        ))}
        <span className="muted">judge</span><span data-testid="adjudication-judge">{item.judgeLabel ?? '–'}</span>
      </div>
      <div className="label-name">Final label</div>
      <div className="label-options">
        {choices.map((c) => (
          <button key={c} type="button" className={`label-option${value === c ? ' on' : ''}`} data-testid="final-option" data-value={c} aria-pressed={value === c} onClick={() => setValue(c)}>{c}</button>
        ))}
      </div>
      <textarea rows={3} placeholder="rationale (required for unresolved)" value={rationale} onChange={(e) => setRationale(e.target.value)} data-testid="adjudication-rationale" />
      <button type="button" className="primary" data-testid="adjudication-save" disabled={!value} onClick={() => void save()}>{item.status === 'decided' ? 'Change decision' : 'Save decision'}</button>
      {problem && <p className="error" role="alert">{problem}</p>}
    </section>
  );
}

/** The adjudication view; only adjudicators see the annotators' labels (the main side enforces this too). */
export function AdjudicationView() {
  const { studyId, annotatorId, annotators, episodeId, openEpisode } = useApp(
    useShallow((s) => ({ studyId: s.studyId, annotatorId: s.annotatorId, annotators: s.annotators, episodeId: s.episodeId, openEpisode: s.openEpisode })),
  );
  const me = annotators.find((a) => a.id === annotatorId);
  const [summary, setSummary] = useState<ResolutionCount[]>([]);
  const [field, setField] = useState<string | null>(null);
  const [all, setAll] = useState(false);
  const [data, setData] = useState<{ items: AdjudicationItem[]; counts: ResolutionCount } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [taxonomy, setTaxonomy] = useState<Taxonomy | null>(null);
  useEffect(() => {
    if (studyId !== null) void call('annotation.settings', { studyId }).then((s) => setTaxonomy(s.taxonomy));
  }, [studyId]);

  const reload = useCallback(async () => {
    if (studyId === null || me?.role !== 'adjudicator') return;
    try {
      const counts = await call('adjudication.summary', { studyId });
      setSummary(counts);
      const f = field && counts.some((c) => c.field === field) ? field : (counts[0]?.field ?? null);
      setField(f);
      setData(f ? await call('adjudication.queue', { studyId, field: f, adjudicatorId: me.id, all }) : null);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [studyId, me, field, all]);
  useEffect(() => void reload(), [reload]);

  if (!me || me.role !== 'adjudicator') {
    return <main className="wide" data-testid="adjudication-view"><h1>Adjudication</h1><p className="empty">Adjudication shows every annotator’s labels, so it is open to adjudicators only. Switch to an adjudicator profile (top right) or add one.</p></main>;
  }
  const selected = data?.items.find((i) => i.episodeId === episodeId);
  return (
    <>
      <nav className="left adjudication-list" data-testid="adjudication-view">
        <div className="adjudication-head">
          <select data-testid="adjudication-field" value={field ?? ''} onChange={(e) => setField(e.target.value)} aria-label="field">
            {summary.map((c) => <option key={c.field} value={c.field}>{c.field}</option>)}
          </select>
          {data && <span className="resolution" data-testid="resolution-count">{resolutionText(data.counts)}</span>}
          <label className="muted"><input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> show unanimous items too</label>
          {error && <span className="error">{error}</span>}
          {summary.length === 0 && !error && <span className="muted">No field has been labelled by two annotators yet.</span>}
        </div>
        {data?.items.map((i) => (
          <div key={i.episodeId} className={`adjudication-row${i.episodeId === episodeId ? ' selected' : ''}`} data-testid="adjudication-item" data-status={i.status} onClick={() => void openEpisode(i.episodeId)}>
            <span className="ext-id">{i.externalId}</span>
            <span className="row-bottom">
              <span className={`status-${i.status}`}>{i.status}</span>
              <span>{i.labels.map((l) => l.value).join(' vs ')}</span>
              {i.final && <span>→ {i.final}</span>}
            </span>
          </div>
        ))}
      </nav>
      <EpisodeView side={<AdjudicationPanel item={selected} field={field ?? ''} adjudicatorId={me.id} taxonomy={taxonomy} onDecided={() => void reload()} />} />
    </>
  );
}
