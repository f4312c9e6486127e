/** Study setup: blind mode and its lead, the hidden judge and reference, unanimity auto-accepted, the taxonomy, roles. */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { StudyAnnotationSettings, Taxonomy } from '../../../shared/types/annotation';
import { parseTaxonomy } from '../../../shared/taxonomies/schema';
import { call } from '../../api/client';
import { useApp } from '../../store';
import { readPickedFile } from './download';
import { useOfferedAnnotators } from './use-offered-annotators';

type Switch =
  | 'blind'
  | 'hideJudgeUntilCommit'
  | 'hideJudgeUntilFirstLabel'
  | 'hideReferenceUntilCommit'
  | 'autoAcceptUnanimous';

/** The settings card and the annotators card. */
export function SetupSettings() {
  const { studyId, annotators, loadAnnotators, loadLabels, reloadDetail, annotatorId } = useApp(
    useShallow((s) => ({
      studyId: s.studyId,
      annotators: s.annotators,
      loadAnnotators: s.loadAnnotators,
      loadLabels: s.loadLabels,
      reloadDetail: s.reloadDetail,
      annotatorId: s.annotatorId,
    })),
  );
  const offered = useOfferedAnnotators();
  const [settings, setSettings] = useState<StudyAnnotationSettings | null>(null);
  /** The last outcome, shown under the part of the card it concerns (the switches or the taxonomy). */
  const [message, setMessage] = useState<{ text: string; failed: boolean; where: 'labelling' | 'taxonomy' } | null>(
    null,
  );
  useEffect(() => {
    if (studyId !== null) void call('annotation.settings', { studyId }).then(setSettings);
  }, [studyId]);
  if (!settings || studyId === null) return null;
  const apply = async (
    work: () => Promise<StudyAnnotationSettings>,
    ok: string,
    where: 'labelling' | 'taxonomy' = 'taxonomy',
  ) => {
    try {
      setSettings(await work());
      setMessage({ text: ok, failed: false, where });
      void loadLabels();
      // The open call again, as the main side now serves it (the reference may be hidden or shown).
      void reloadDetail();
    } catch (err) {
      setMessage({ text: (err as Error).message, failed: true, where });
    }
  };
  // The viewer is named so the main side can hold the blind rules (only the lead or an adjudicator may loosen them).
  const change = (c: { leadId?: number | null } & Partial<Record<Switch, boolean>>) =>
    apply(
      () => call('annotation.updateSettings', { studyId, ...c, viewerId: annotatorId ?? undefined }),
      'saved',
      'labelling',
    );
  const shown = (where: 'labelling' | 'taxonomy') =>
    message?.where === where && (
      <p className={message.failed ? 'error' : 'muted'} role={message.failed ? 'alert' : undefined}
        data-testid="setup-message">{message.text}</p>
    );
  const toggle = (key: Switch, label: string, help: string) => (
    <label title={help}>
      <input type="checkbox" data-testid={`setting-${key}`} checked={settings[key]}
        onChange={(e) => void change({ [key]: e.target.checked })} />
      {label}
    </label>
  );
  const revealer = annotators.find((a) => a.id === settings.agreementRevealedBy)?.name ?? 'someone';
  const reveal = settings.agreementRevealedAt
    ? `agreement revealed by ${revealer}`
    : 'agreement opens to an annotator when they finish their share, or when the lead or an adjudicator reveals it';
  const t = settings.taxonomy;
  return (
    <>
      <div className="card">
        <h2>Labelling</h2>
        <div className="setup-row">
          {toggle('blind', 'blind: annotators see neither each other’s labels nor agreement', 'held on the main side')}
        </div>
        <div className="setup-row">
          <label>study lead
            <select data-testid="setting-lead" value={settings.leadId ?? ''}
              onChange={(e) => void change({ leadId: e.target.value ? Number(e.target.value) : null })}>
              <option value="">none</option>
              {offered.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
            </select>
          </label>
          <span className="muted" data-testid="setting-reveal">{reveal}</span>
        </div>
        <div className="setup-row">{toggle('hideJudgeUntilCommit', 'hide the judge until the annotator commits', 'pre-reveal and final labels are both kept')}</div>
        <div className="setup-row">
          {toggle('hideJudgeUntilFirstLabel', 'hide the judge until the first label on a call', 'reveals are kept')}
        </div>
        <div className="setup-row">
          {toggle('hideReferenceUntilCommit', 'hide the gold/reference until the annotator commits',
            'expected answers, gold values, complications and expected actions; adjudicators always see them')}
        </div>
        <div className="setup-row">{toggle('autoAcceptUnanimous', 'accept unanimous labels without adjudication', 'otherwise unanimous items join the adjudication queue')}</div>
        {shown('labelling')}
        <h2>Taxonomy</h2>
        <p data-testid="taxonomy-current"><strong>{t.name}</strong> <span className="muted">({settings.taxonomySource === 'builtin' ? 'built in for the benchmark' : 'the study’s own'}; {t.fields.length} fields)</span></p>
        {t.source && <p className="muted">{t.source}</p>}
        <div className="setup-row">
          <label className="small">load a taxonomy file…
            <input type="file" accept=".json,application/json" hidden data-testid="taxonomy-file" onChange={async (e) => {
              const picked = await readPickedFile(e.target);
              e.target.value = '';
              if (!picked) return;
              let json: unknown;
              try {
                json = JSON.parse(picked.text);
              } catch {
                return setMessage({ text: `${picked.name} is not JSON`, failed: true, where: 'taxonomy' });
              }
              let taxonomy: Taxonomy;
              try {
                taxonomy = parseTaxonomy(json, picked.name);
              } catch (err) {
                return setMessage({ text: (err as Error).message, failed: true, where: 'taxonomy' });
              }
              void apply(() => call('annotation.setTaxonomy', { studyId, taxonomy }), `${picked.name} loaded`);
            }} />
          </label>
          {settings.taxonomySource === 'study' && <button type="button" className="small" onClick={() => void apply(() => call('annotation.setTaxonomy', { studyId, taxonomy: null }), 'back to the built-in taxonomy')}>use the built-in one</button>}
        </div>
        {shown('taxonomy')}
      </div>
      <div className="card">
        <h2>Annotators</h2>
        <table className="data">
          <tbody>
            {offered.map((a) => (
              <tr key={a.id} data-testid="setup-annotator" data-name={a.name}>
                <td><span className="initials-dot">{a.initials}</span></td><td>{a.name}</td>
                <td>
                  <select value={a.role} aria-label={`role of ${a.name}`} onChange={async (e) => {
                    await call('annotators.update', { id: a.id, role: e.target.value as 'annotator' | 'adjudicator' });
                    void loadAnnotators();
                  }}>
                    <option value="annotator">annotator</option><option value="adjudicator">adjudicator</option>
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {offered.length === 0 && <p className="muted">Add annotators from the badge at the top right.</p>}
      </div>
    </>
  );
}
