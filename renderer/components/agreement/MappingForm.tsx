/** The form that adds or edits a study's judge-to-field mapping of one field. */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store';
import type { MappingDraft } from '../../store/judge-validation-slice';
import {
  cleanDraft, humanValueOptions, judgeValueOptions, sideOf, withCategory, withSide, type Side,
} from './mapping-draft';

interface SideProps {
  who: 'judge' | 'human';
  values: string[];
  draft: MappingDraft;
  onChange(d: MappingDraft): void;
}

/** A list of values, each with a select of where it stands, and a box to add a value not offered. */
function SideList({ who, values, draft, onChange }: SideProps) {
  const [extra, setExtra] = useState('');
  const add = () => {
    onChange(withSide(draft, who, extra.trim(), 'positive'));
    setExtra('');
  };
  return (
    <fieldset className="mapping-side" data-testid={`mapping-${who}-values`}>
      <legend>{who === 'judge' ? 'judge outputs' : 'human values'}</legend>
      {values.map((v) => (
        <label key={v} className="mapping-value">
          <span>{v}</span>
          <select
            data-testid="mapping-side" data-who={who} data-value={v} value={sideOf(draft, who, v)}
            onChange={(e) => onChange(withSide(draft, who, v, e.target.value as Side))}
          >
            <option value="">left out</option>
            <option value="positive">positive</option>
            <option value="negative">negative</option>
          </select>
        </label>
      ))}
      <span className="mapping-add">
        <input value={extra} placeholder="another value" aria-label={`another ${who} value`}
          onChange={(e) => setExtra(e.target.value)} />
        <button type="button" className="small" disabled={!extra.trim()} onClick={add}>add</button>
      </span>
    </fieldset>
  );
}

/** Judge output → human value pairs of a categorical mapping. */
function Pairs(props: { judge: string[]; human: string[]; draft: MappingDraft; onChange(d: MappingDraft): void }) {
  const { judge, human, draft, onChange } = props;
  return (
    <fieldset className="mapping-side" data-testid="mapping-pairs">
      <legend>judge output → human value</legend>
      {judge.map((j) => (
        <label key={j} className="mapping-value">
          <span>{j}</span>
          <select data-testid="mapping-pair" data-value={j} value={draft.categories[j] ?? ''}
            onChange={(e) => onChange(withCategory(draft, j, e.target.value))}>
            <option value="">left out</option>
            {human.map((h) => <option key={h} value={h}>{h}</option>)}
          </select>
        </label>
      ))}
    </fieldset>
  );
}

/** The form; `observed` are the field's values the annotators gave. Closes itself through `onDone` once saved. */
export function MappingForm(props: { initial: MappingDraft; editing: boolean; observed: string[]; onDone(): void }) {
  const { initial, editing, observed, onDone } = props;
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const { judges, taxonomy, facets, error, save, clearError } = useApp(useShallow((s) => ({
    judges: s.judges, taxonomy: s.mappingTaxonomy, facets: s.facets, error: s.mappingError, save: s.saveJudgeMapping,
    clearError: s.clearMappingError,
  })));
  // The main side's refusal is about the draft it saw: it goes once the draft changes.
  const change = (next: MappingDraft) => {
    if (error) clearError();
    setDraft(next);
  };
  const judgeValues = judgeValueOptions(draft, facets?.judgeLabel ?? [], taxonomy);
  const humanValues = humanValueOptions(draft, observed, taxonomy);
  const judgeIds = [...new Set(judges.map((j) => j.judgeId))];
  const patch = (p: Partial<MappingDraft>) => change({ ...draft, ...p });
  const submit = async () => {
    setBusy(true);
    const saved = await save(cleanDraft(draft));
    setBusy(false);
    if (saved) onDone();
  };
  return (
    <form className="mapping-form" data-testid="mapping-form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <div className="mapping-row">
        <label>key
          <input data-testid="mapping-key" value={draft.key} readOnly={editing}
            onChange={(e) => patch({ key: e.target.value })} />
        </label>
        <label className="grow">label
          <input data-testid="mapping-label" value={draft.label} onChange={(e) => patch({ label: e.target.value })} />
        </label>
      </div>
      <div className="mapping-row">
        <label>judge
          <select data-testid="mapping-judge" value={draft.judgeId ?? ''}
            onChange={(e) => patch({ judgeId: e.target.value || null })}>
            <option value="">each call’s newest judgement</option>
            {judgeIds.map((j) => <option key={j} value={j}>{j}</option>)}
          </select>
        </label>
        <label>compares the judge’s
          <select data-testid="mapping-output" value={draft.output}
            onChange={(e) => patch({ output: e.target.value as MappingDraft['output'] })}>
            <option value="label">label</option>
            <option value="category">category</option>
          </select>
        </label>
        <label>kind
          <select data-testid="mapping-kind" value={draft.kind}
            onChange={(e) => patch({ kind: e.target.value as MappingDraft['kind'] })}>
            <option value="binary">binary</option>
            <option value="categorical">categorical</option>
          </select>
        </label>
        <span className="muted">field <code>{draft.field}</code></span>
      </div>
      {draft.kind === 'binary' ? (
        <div className="mapping-sides">
          <SideList who="judge" values={judgeValues} draft={draft} onChange={change} />
          <SideList who="human" values={humanValues} draft={draft} onChange={change} />
        </div>
      ) : (
        <Pairs judge={judgeValues} human={humanValues} draft={draft} onChange={change} />
      )}
      <label className="mapping-row grow">note
        <input data-testid="mapping-note" value={draft.note ?? ''} onChange={(e) => patch({ note: e.target.value })} />
      </label>
      {error && <p className="error mapping-error" role="alert" data-testid="mapping-error">{error}</p>}
      <div className="mapping-row">
        <button type="submit" className="primary" data-testid="mapping-save" disabled={busy}>Save mapping</button>
        <button type="button" className="small" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}
