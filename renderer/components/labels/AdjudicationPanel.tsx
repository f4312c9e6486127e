/** The right pane of adjudication: each annotator's label, notes and marks, the judge's verdict, the final label. */
import { useEffect, useState, type CSSProperties } from 'react';
import { UNRESOLVED, type AdjudicationItem, type Taxonomy } from '../../../shared/types/annotation';
import type { AdjudicationItemDetail, AnnotatorEvidence, JudgeEvidence } from '../../../shared/types/adjudication';
import { call } from '../../api/client';
import { seekMs } from '../../player/player';
import { formatMs } from '../../format';
import { annotatorColourVar } from './annotator-marks';
import './labels.css';

/** A time that seeks the player there when clicked. */
function SeekTime({ ms, testId }: { ms: number; testId?: string }) {
  return (
    <button
      type="button" className="time-link num" title="seek there"
      data-testid={testId} data-ms={ms} onClick={() => seekMs(ms)}
    >
      {formatMs(ms)}
    </button>
  );
}

/** One annotator's card, framed in their waveform colour. */
function EvidenceCard({ evidence, index }: { evidence: AnnotatorEvidence; index: number }) {
  const colour = { '--rater-colour': `var(${annotatorColourVar(index)})` } as CSSProperties;
  return (
    <article className="evidence-card" data-testid="rater-evidence" data-annotator={evidence.annotator} style={colour}>
      <header className="evidence-head">
        <span className="rater-swatch" aria-hidden />
        <span className="rater-name">{evidence.annotator}</span>
        <strong data-testid="rater-label">{evidence.value}</strong>
      </header>
      <p className="rater-notes" data-testid="rater-notes">
        {evidence.notes || <span className="muted">no notes</span>}
      </p>
      <div className="rater-mark">
        <span className="muted">first error</span>
        {evidence.firstErrorMs === null
          ? <span className="muted">not set</span>
          : <SeekTime ms={evidence.firstErrorMs} testId="rater-first-error" />}
      </div>
      {evidence.regions.length > 0 && (
        <ul className="rater-regions">
          {evidence.regions.map((r) => (
            <li key={`${r.startMs}-${r.endMs}`} data-testid="rater-region">
              <SeekTime ms={r.startMs} />
              <span className="region-text">{r.label || <span className="muted">unnamed region</span>}</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** The judge's verdict, rationale and findings. */
function JudgeCard({ judge, label }: { judge: JudgeEvidence | null; label: string | null }) {
  return (
    <article className="evidence-card judge-card" data-testid="judge-evidence">
      <header className="evidence-head">
        <span className="rater-name">judge</span>
        <strong data-testid="adjudication-judge">{judge?.label ?? label ?? '–'}</strong>
        {judge && <span className="muted judge-id">{judge.judgeId}</span>}
      </header>
      <p className="rater-notes" data-testid="adjudication-judge-rationale">
        {judge?.rationale || <span className="muted">no rationale</span>}
      </p>
      {judge && judge.findings.length > 0 && (
        <ul className="rater-regions">
          {judge.findings.map((f, k) => (
            <li key={k} data-testid="judge-finding">
              {f.startMs !== null && <SeekTime ms={f.startMs} />}
              <span className="region-text">{f.text}</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** What the panel decides on: the queue's item, what the main side served for it, and who decides. */
export interface AdjudicationPanelProps {
  item: AdjudicationItem | undefined;
  detail: AdjudicationItemDetail | null;
  field: string;
  adjudicatorId: number;
  taxonomy: Taxonomy | null;
  onDecided(item: AdjudicationItem): void;
}

/** Everything the adjudicator weighs for one item, and the decision. */
export function AdjudicationPanel(props: AdjudicationPanelProps) {
  const { item, detail, field, adjudicatorId, taxonomy, onDecided } = props;
  const [value, setValue] = useState<string | null>(null);
  const [rationale, setRationale] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const options = taxonomy?.fields.find((f) => f.key === field)?.options?.map((o) => o.value) ?? [];
  const adjudicated = item?.status === 'decided' || item?.status === 'unresolved';
  useEffect(() => {
    setValue(item && adjudicated ? item.final : null);
    setRationale(item?.rationale ?? '');
    setProblem(null);
  }, [item, adjudicated]);
  if (!item) return <section className="panel"><p className="empty">Pick an item on the left.</p></section>;
  const served = detail?.item.episodeId === item.episodeId ? detail : null;
  // The labels show at once; notes and marks once the main side has served them.
  const evidence = item.labels.map(
    (l): AnnotatorEvidence =>
      served?.annotators.find((a) => a.annotator === l.annotator) ??
      { annotator: l.annotator, initials: '', value: l.value, notes: '', firstErrorMs: null, regions: [] },
  );
  const choices = [...new Set([...item.labels.map((l) => l.value!), ...options, UNRESOLVED])];
  const save = async () => {
    if (!value) return;
    try {
      const input = { episodeId: item.episodeId, field, value, rationale, adjudicatorId };
      const decided = await call('adjudication.decide', input);
      onDecided(decided);
    } catch (err) {
      setProblem((err as Error).message);
    }
  };
  return (
    <section
      className="panel adjudication-panel" data-testid="adjudication-panel"
      data-episode-id={item.episodeId} data-loaded={served !== null}
    >
      <header className="panel-head">
        <h2>Adjudicate · {field}</h2>
        <span className={`status-chip status-${item.status}`} data-testid="adjudication-status">{item.status}</span>
      </header>
      <div className="evidence">
        {evidence.map((e, k) => <EvidenceCard key={e.annotator} evidence={e} index={k} />)}
        <JudgeCard judge={served?.judge ?? null} label={item.judgeLabel} />
      </div>
      <div className="label-name">Final label</div>
      <div className="label-options">
        {choices.map((c) => (
          <button
            key={c} type="button" data-testid="final-option" data-value={c}
            aria-pressed={value === c} onClick={() => setValue(c)}
            className={`label-option${value === c ? ' on' : ''}${c === UNRESOLVED ? ' unresolved-option' : ''}`}
          >
            {c}
          </button>
        ))}
      </div>
      <textarea
        rows={3} placeholder="rationale (required for unresolved)" data-testid="adjudication-rationale"
        value={rationale} onChange={(e) => setRationale(e.target.value)}
      />
      <button
        type="button" className="primary" data-testid="adjudication-save" disabled={!value} onClick={() => void save()}
      >
        {adjudicated ? 'Change decision' : 'Save decision'}
      </button>
      {problem && <p className="error" role="alert">{problem}</p>}
    </section>
  );
}
