/** "My labels": every field of the study's taxonomy, agreement with the judge, first error time, notes, labelled regions; saved on every change. */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SYSTEM_FIELDS, type EpisodeLabels, type FieldOption, type LabelValue, type TaxonomyField } from '../../../shared/types/annotation';
import { fieldSpec } from '../../../shared/taxonomies/fields';
import { useApp } from '../../store';
import { currentMs, seekMs } from '../../player/player';
import { formatMs } from '../../format';
import { FieldInput } from './FieldInput';
import { QueueBar } from './QueueBar';
import { SaveIndicator } from './SaveIndicator';
import { setFirstErrorFromWaveform } from './first-error';
import { RegionsField } from './RegionsField';
import { othersSummary } from './others-summary';
import './labels.css';

/** The fields the panel shows, in order, for the current values: taxonomy fields whose condition holds, then the panel's own (judge questions only once the judge is visible). */
export function visibleFields(labels: EpisodeLabels): TaxonomyField[] {
  const { taxonomy } = labels.settings;
  const v = labels.values;
  const own = taxonomy.fields.filter((f) => !f.when || (typeof v[f.when.field] === 'string' && f.when.in.includes(v[f.when.field] as string)));
  // "Agree with the judge?" is asked once the judge is visible (after the commit when it is hidden).
  const system = labels.judgeVisible ? [fieldSpec(taxonomy, SYSTEM_FIELDS.judgeAgree)!] : [];
  if (labels.judgeVisible && v[SYSTEM_FIELDS.judgeAgree] === false) system.push(fieldSpec(taxonomy, SYSTEM_FIELDS.judgeLabel)!);
  return [...own, ...system, fieldSpec(taxonomy, SYSTEM_FIELDS.notes)!];
}

/** Choices for the corrected judge label: the taxonomy's verdicts, plus the label the judge used when it is not among them. */
export function verdictOptions(labels: EpisodeLabels, judgeLabel: string | null): FieldOption[] {
  const options = labels.settings.taxonomy.verdicts.map((v) => ({ value: v.value, label: v.label }));
  return judgeLabel && !options.some((o) => o.value === judgeLabel) ? [...options, { value: judgeLabel }] : options;
}

function FirstErrorRow({ value }: { value: LabelValue }) {
  const armed = useApp((s) => s.armedFirstError);
  const arm = useApp((s) => s.armFirstError);
  const setLabel = useApp((s) => s.setLabel);
  const ms = typeof value === 'number' ? value : null;
  return (
    <div className="label-field" data-testid="first-error">
      <div className="label-name">First critical error</div>
      <div className="first-error-row">
        <button type="button" className="time-link num" data-testid="first-error-time" data-ms={ms ?? ''} disabled={ms === null} onClick={() => ms !== null && seekMs(ms)} title="seek there">
          {ms === null ? 'not set' : `@ ${formatMs(ms)}`}
        </button>
        <button type="button" className="small" data-testid="first-error-playhead" onClick={() => setFirstErrorFromWaveform(currentMs())} title="E">playhead <kbd>E</kbd></button>
        <button type="button" className={`small${armed ? ' on' : ''}`} data-testid="first-error-arm" aria-pressed={armed} onClick={() => arm(!armed)}>
          {armed ? 'click the waveform…' : 'on waveform'}
        </button>
        {ms !== null && <button type="button" className="small quiet" aria-label="clear first error" onClick={() => void setLabel(SYSTEM_FIELDS.firstErrorMs, null)}>×</button>}
      </div>
    </div>
  );
}

/** The labelling panel for the open episode and the current annotator. */
export function LabelPanel() {
  const { labels, annotatorId, episodeId, focusedField, judgeLabel } = useApp(
    useShallow((s) => ({ labels: s.labels, annotatorId: s.annotatorId, episodeId: s.episodeId, focusedField: s.focusedField, judgeLabel: s.detail?.judgements.at(-1)?.label ?? null })),
  );
  const { loadLabels, setLabel, undoLabel, commitLabels, setFocusedField } = useApp(
    useShallow((s) => ({ loadLabels: s.loadLabels, setLabel: s.setLabel, undoLabel: s.undoLabel, commitLabels: s.commitLabels, setFocusedField: s.setFocusedField })),
  );

  useEffect(() => {
    void loadLabels();
  }, [episodeId, annotatorId, loadLabels]);

  if (annotatorId === null) {
    return (
      <section className="panel labels" data-testid="label-panel">
        <header className="panel-head"><h2>My labels</h2></header>
        <p className="empty">Choose who you are (top right) to start labelling.</p>
      </section>
    );
  }
  if (!labels || labels.episodeId !== episodeId) return <section className="panel labels" data-testid="label-panel"><p className="empty">Loading labels…</p></section>;
  const fields = visibleFields(labels);
  return (
    <section className="panel labels" data-testid="label-panel" data-phase={labels.phase}>
      <header className="panel-head">
        <h2>My labels</h2>
        {labels.phase === 'pre_reveal' && <span className="phase-badge" title="the judge is hidden until you commit">before reveal</span>}
        <SaveIndicator />
        <button type="button" className="small quiet" data-testid="label-undo" disabled={!labels.canUndo} onClick={() => void undoLabel()} title="U">↶ undo</button>
      </header>
      <QueueBar />
      <p className="taxonomy-name" title={labels.settings.taxonomy.source}>{labels.settings.taxonomy.name}</p>
      {labels.settings.taxonomy.note && <p className="taxonomy-note">{labels.settings.taxonomy.note}</p>}
      {fields.map((spec) => (
        <FieldInput
          key={spec.key}
          spec={spec}
          value={labels.values[spec.key] ?? null}
          focused={focusedField === spec.key}
          onFocus={() => focusedField !== spec.key && setFocusedField(spec.key)}
          onChange={(value) => void setLabel(spec.key, value)}
          options={spec.key === SYSTEM_FIELDS.judgeLabel ? verdictOptions(labels, judgeLabel) : undefined}
        />
      ))}
      <FirstErrorRow value={labels.values[SYSTEM_FIELDS.firstErrorMs] ?? null} />
      <RegionsField value={labels.values[SYSTEM_FIELDS.regions] ?? null} />
      <footer className="labels-foot">
        {labels.committed ? (
          <span className="done-note" data-testid="label-committed">✓ done{labels.settings.hideJudgeUntilCommit ? ' · judge revealed' : ''}</span>
        ) : (
          <button type="button" className="primary" data-testid="label-commit" onClick={() => void commitLabels()}>
            {labels.settings.hideJudgeUntilCommit ? 'Commit and reveal the judge' : 'Mark done'}
          </button>
        )}
        <span className="muted">{labels.settings.blind ? 'blind study' : 'open study'}</span>
      </footer>
      {labels.others.length > 0 && (
        <div className="others" data-testid="other-labels">
          {labels.others.map((o) => (
            <p key={o.annotator}><strong>{o.annotator}</strong>: {othersSummary(labels.settings.taxonomy, o.values)}</p>
          ))}
        </div>
      )}
    </section>
  );
}
