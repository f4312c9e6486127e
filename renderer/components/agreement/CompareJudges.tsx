/** Two judges (e.g. a prompt before and after a change) against the same humans on the labelled items, with the
 * study's seeded held-out split kept apart from the items a prompt was tuned on. */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type {
  JudgeInterval, JudgeMapping, JudgesOnLabelledItems, JudgesOnPart, JudgeRef,
} from '../../../shared/types/judge-validation';
import { useApp } from '../../store';
import { Estimate } from './FiguresTable';
import { ci, signed } from './judge-format';
import { MappingTag } from './JudgeCard';

const PART_NAMES: Record<JudgesOnPart['part'], string> = {
  all: 'all labelled items',
  held_out: 'held out',
  tuning: 'tuning',
};
const METRICS = [['cohenKappa', 'κ'], ['f1', 'F1'], ['percentAgreement', 'agreement']] as const;
const pick = (j: JudgeRef) => ({ judgeId: j.judgeId, judgeVersion: j.judgeVersion });
const refName = (j: JudgeRef) => `${j.judgeId}${j.judgeVersion ? ` @ ${j.judgeVersion}` : ''}`;

function Cell({ i }: { i: JudgeInterval | undefined }) {
  return <td className="num interval">{i ? <Estimate value={i.estimate} low={i.low} high={i.high} /> : '–'}</td>;
}

function PartTable({ part, mapping }: { part: JudgesOnPart; mapping: JudgeMapping }) {
  return (
    <table className="data judge-figures" data-testid="compare-part" data-part={part.part}>
      <caption>
        <strong>{PART_NAMES[part.part]}</strong> · {part.items} items · <MappingTag mapping={mapping} />
      </caption>
      <thead>
        <tr>
          <th>reference</th>
          {METRICS.map(([k, name]) => [
            <th key={`${k}b`} className="num">{name} baseline</th>,
            <th key={`${k}c`} className="num">{name} candidate</th>,
            <th key={`${k}d`} className="num">Δ {name}</th>,
          ])}
        </tr>
      </thead>
      <tbody>
        {part.differences.map((d, r) => (
          <tr key={d.reference} data-reference={d.reference}>
            <td className="ref">{d.reference}</td>
            {METRICS.map(([k]) => [
              <Cell key={`${k}b`} i={part.baseline[r]?.figures?.[k]} />,
              <Cell key={`${k}c`} i={part.candidate[r]?.figures?.[k]} />,
              <td key={`${k}d`} className="num interval diff" data-figure={`d-${k}`} data-value={d[k].estimate ?? ''}>
                <span className="est">{signed(d[k].estimate)}</span><span className="ci">{ci(d[k])}</span>
              </td>,
            ])}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The seed and share of the held-out split, set or removed on the main side. */
function HoldoutControls() {
  const setHoldout = useApp((s) => s.setHoldoutSplit);
  const [seed, setSeed] = useState('1');
  const [fraction, setFraction] = useState('0.3');
  const split = { seed: Number(seed), fraction: Number(fraction) };
  const valid = Number.isInteger(split.seed) && split.seed >= 0 && split.fraction > 0 && split.fraction < 1;
  return (
    <div className="agreement-controls">
      <span className="muted">held-out split:</span>
      <label>seed
        <input className="narrow" data-testid="holdout-seed" value={seed} onChange={(e) => setSeed(e.target.value)} />
      </label>
      <label>fraction
        <input className="narrow" data-testid="holdout-fraction" value={fraction}
          onChange={(e) => setFraction(e.target.value)} />
      </label>
      <button type="button" className="small" data-testid="holdout-set" disabled={!valid}
        onClick={() => void setHoldout(split)}>Set split</button>
      <button type="button" className="small" data-testid="holdout-remove" onClick={() => void setHoldout(null)}>
        Remove split
      </button>
    </div>
  );
}

function Result({ shown }: { shown: JudgesOnLabelledItems }) {
  const s = shown.split;
  return (
    <div data-testid="compare-result">
      <p className="judge-facts muted" data-testid="compare-split">
        {refName(shown.baseline)} (baseline) vs {refName(shown.candidate)} (candidate) ·{' '}
        {s
          ? `held-out split seed ${s.seed}, ${Math.round(s.fraction * 100)}%: ${s.heldOut} held out, ${s.tuning} tuning`
          : 'no held-out split set'}
        {` · not judged: baseline ${shown.missing.baseline}, candidate ${shown.missing.candidate}`}
        {` · ${shown.bootstrap.resamples.toLocaleString()} paired resamples, seed ${shown.bootstrap.seed}`}
      </p>
      {shown.parts.map((p) => <PartTable key={p.part} part={p} mapping={shown.mapping} />)}
    </div>
  );
}

/** The panel; `mappings` are the field's binary mappings. */
export function CompareJudges({ field, mappings }: { field: string; mappings: JudgeMapping[] }) {
  const { judges, result, busy, error, compare } = useApp(useShallow((s) => ({
    judges: s.judges, result: s.judgeComparison, busy: s.comparisonBusy, error: s.comparisonError,
    compare: s.compareJudgesOnItems,
  })));
  const [key, setKey] = useState(mappings[0]?.key ?? '');
  const [baseline, setBaseline] = useState(0);
  const [candidate, setCandidate] = useState(1);
  const mapping = mappings.find((m) => m.key === key) ?? mappings[0];
  if (!mapping) {
    return <p className="muted" data-testid="compare-none">Comparing judges needs a binary mapping of {field}.</p>;
  }
  if (judges.length === 0) return <p className="muted" data-testid="compare-none">The study has no judge.</p>;
  const clamp = (i: number) => Math.max(0, Math.min(i, judges.length - 1));
  const [b, c] = [clamp(baseline), clamp(candidate)];
  const run = () =>
    void compare({ field, mappingKey: mapping.key, baseline: pick(judges[b]), candidate: pick(judges[c]) });
  const shown = result && result.field === field && result.mapping.key === mapping.key ? result : null;
  const judgeSelect = (testId: string, value: number, onChange: (n: number) => void) => (
    <select data-testid={testId} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {judges.map((j, i) => (
        <option key={i} value={i}>{refName(j)}{j.judgements ? ` (${j.judgements} judgements)` : ''}</option>
      ))}
    </select>
  );
  return (
    <section className="card judge-card-wide" data-testid="compare-judges">
      <h2>Compare judges on the labelled items · {field}</h2>
      <div className="agreement-controls">
        <label>mapping
          <select data-testid="compare-mapping" value={mapping.key} onChange={(e) => setKey(e.target.value)}>
            {mappings.map((m) => <option key={m.key} value={m.key}>{m.key}</option>)}
          </select>
        </label>
        <label>baseline {judgeSelect('compare-baseline', b, setBaseline)}</label>
        <label>candidate {judgeSelect('compare-candidate', c, setCandidate)}</label>
        <button type="button" className="primary" data-testid="compare-run" disabled={busy} onClick={run}>
          Compare
        </button>
      </div>
      {b === c && <p className="muted">The same judge on both sides: every difference is zero.</p>}
      <HoldoutControls />
      {error && <p className="error" role="alert" data-testid="compare-error">{error}</p>}
      {busy && <p className="progress-line">comparing…</p>}
      {shown && <Result shown={shown} />}
    </section>
  );
}
