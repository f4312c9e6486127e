/** A computed field's figures: the human–human cards beside the judge-vs-humans cards and the release's own
 * validation, and the judge tools (disagreements, judges compared, mappings) on tabs of their own. */
import type { StudyAgreement } from '../../../shared/types/annotation';
import { HumanAgreement } from './HumanAgreement';
import { JudgeCard } from './JudgeCard';
import { ReleaseCards } from './ReleaseCard';
import { DisagreementGallery } from './DisagreementGallery';
import { CompareJudges } from './CompareJudges';
import { MappingEditor } from './MappingEditor';
import { useApp } from '../../store';
import type { AgreementTab } from '../../store/judge-validation-slice';
import './judge.css';

const TABS: [AgreementTab, string][] = [
  ['figures', 'Figures'],
  ['disagreements', 'Disagreements'],
  ['compare', 'Compare judges'],
  ['mappings', 'Mappings'],
];

function Figures({ a, onMappings }: { a: StudyAgreement; onMappings(): void }) {
  const j = a.judge;
  return (
    <div className="cards">
      <HumanAgreement a={a} />
      {j.unmapped !== null ? (
        <section className="card judge-card-wide judge-unmapped-card">
          <h2>Judge vs humans</h2>
          <p data-testid="judge-unmapped">{j.unmapped}</p>
          <button type="button" className="small" onClick={onMappings}>Add a mapping…</button>
        </section>
      ) : (
        <>
          {j.results.map((r) => <JudgeCard key={r.mapping.key} r={r} />)}
          <ReleaseCards parts={j.release} />
        </>
      )}
    </div>
  );
}

/** The result of `agreement.compute` for one field. */
export function AgreementResult({ a }: { a: StudyAgreement }) {
  const tab = useApp((s) => s.agreementTab);
  const setTab = useApp((s) => s.setAgreementTab);
  const generation = useApp((s) => s.agreementGeneration);
  const mappings = a.judge.results.map((r) => r.mapping);
  const binary = mappings.filter((m) => m.kind === 'binary');
  const observed = a.overall.categories;
  return (
    <div className="agreement-result" data-testid="agreement-result" data-field={a.field}
      data-generation={generation}>
      <div className="view-tabs result-tabs" role="tablist" aria-label="agreement sections">
        {TABS.map(([key, label]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} data-testid={`agreement-tab-${key}`}
            onClick={() => setTab(key)}>{label}</button>
        ))}
      </div>
      {tab === 'figures' && <Figures a={a} onMappings={() => setTab('mappings')} />}
      {tab === 'disagreements' && (mappings.length > 0 ? (
        <DisagreementGallery field={a.field} mappings={mappings} />
      ) : (
        <p className="muted" data-testid="gallery-none">No mapping relates a judge to {a.field}: nothing to compare.</p>
      ))}
      {tab === 'compare' && <CompareJudges field={a.field} mappings={binary} />}
      {tab === 'mappings' && <MappingEditor field={a.field} observed={observed} />}
    </div>
  );
}
