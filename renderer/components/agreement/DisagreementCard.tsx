/** One disputed item of the gallery: the judge's label and rationale, each human's label and notes, the decision,
 * and ways to the audio. */
import type { DisagreementItem, JudgeMapping } from '../../../shared/types/judge-validation';
import { useApp } from '../../store';
import { clock } from './judge-format';

const KIND_NAMES: Record<DisagreementItem['kinds'][number], string> = {
  judge_vs_humans: 'judge vs humans',
  humans: 'humans disagree',
};

/** Where a human value falls under a binary mapping (positive, negative, left out); null for a categorical one. */
function humanSide(m: JudgeMapping, value: string | null): string | null {
  if (m.kind !== 'binary' || value === null) return null;
  return m.humanPositive.includes(value) ? 'positive' : m.humanNegative.includes(value) ? 'negative' : 'left out';
}

/** The card of one item under `mapping`. */
export function DisagreementCard({ item, mapping }: { item: DisagreementItem; mapping: JudgeMapping }) {
  const play = useApp((s) => s.playDisagreement);
  const openIn = useApp((s) => s.openDisagreementIn);
  const adjudicator = useApp((s) => s.annotators.find((a) => a.id === s.annotatorId)?.role === 'adjudicator');
  const conditions = Object.entries(item.condition).map(([k, v]) => `${k} ${v}`).join(' · ');
  return (
    <article className="disagreement" data-testid="disagreement-item" data-episode-id={item.episodeId}
      data-external-id={item.externalId} data-categories={item.categories.join(' ')} data-system={item.system}>
      <header className="disagreement-head">
        <span className="ext-id" title={item.externalId}>{item.externalId}</span>
        {item.kinds.map((k) => <span key={k} className={`kind-chip kind-${k}`}>{KIND_NAMES[k]}</span>)}
      </header>
      <p className="muted disagreement-where">{item.system || '(no system)'}{conditions && ` · ${conditions}`}</p>
      <div className="disagreement-judge" data-testid="disagreement-judge">
        <span className="who">judge</span>
        <strong>{item.judge.label}</strong>
        {item.judge.mapped !== null && <span className="muted">→ {item.judge.mapped}</span>}
        {item.judge.rationale && <p className="rationale">{item.judge.rationale}</p>}
        {item.judge.findings.some((f) => f.startMs !== null) && (
          <ul className="findings">
            {item.judge.findings.filter((f) => f.startMs !== null).map((f, i) => (
              <li key={i}><span className="num">{clock(f.startMs!)}</span> {f.text}</li>
            ))}
          </ul>
        )}
      </div>
      {item.humans.map((h) => (
        <div key={h.annotator} className="disagreement-human" data-testid="disagreement-human"
          data-annotator={h.annotator}>
          <span className="who">{h.annotator}</span>
          <strong data-testid="disagreement-human-value">{h.value ?? '—'}</strong>
          {humanSide(mapping, h.value) && <span className="muted">→ {humanSide(mapping, h.value)}</span>}
          {h.firstErrorMs !== null && <span className="muted num">first error {clock(h.firstErrorMs)}</span>}
          {h.notes && <p className="rationale">{h.notes}</p>}
        </div>
      ))}
      {item.adjudication && (
        <div className="disagreement-human adjudicated" data-testid="disagreement-adjudication">
          <span className="who">adjudicated</span>
          <strong>{item.adjudication.value}</strong>
          {item.adjudication.rationale && <p className="rationale">{item.adjudication.rationale}</p>}
        </div>
      )}
      <footer className="disagreement-actions">
        <button type="button" className="small" data-testid="disagreement-play"
          data-play-from-ms={item.playFromMs ?? ''} onClick={() => void play(item.episodeId, item.playFromMs)}>
          ▶ {item.playFromMs === null ? 'play from the start' : `play from ${clock(item.playFromMs)}`}
        </button>
        <button type="button" className="small quiet" data-testid="disagreement-open-label"
          onClick={() => void openIn('label', item.episodeId)}>
          Open in Label
        </button>
        <button type="button" className="small quiet" data-testid="disagreement-open-adjudicate" disabled={!adjudicator}
          title={adjudicator ? undefined : 'adjudicators only'}
          onClick={() => void openIn('adjudicate', item.episodeId)}>
          Open in Adjudicate
        </button>
      </footer>
    </article>
  );
}
