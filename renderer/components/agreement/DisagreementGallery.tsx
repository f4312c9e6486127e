/** The disagreement gallery: every item where, under one mapping, the judge and the humans or the humans among
 * themselves disagree, filterable by category and system. */
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JudgeMapping } from '../../../shared/types/judge-validation';
import { useApp } from '../../store';
import { filterDisagreements } from '../../store/judge-validation-slice';
import { DisagreementCard } from './DisagreementCard';
import { MappingTag } from './JudgeCard';

/** The gallery of `field` under one of `mappings` (the first at first). */
export function DisagreementGallery({ field, mappings }: { field: string; mappings: JudgeMapping[] }) {
  const [key, setKey] = useState(() => {
    const last = useApp.getState().disagreements;
    return last?.field === field ? last.mappingKey : (mappings[0]?.key ?? '');
  });
  const { data, error, filter, load, setFilter } = useApp(useShallow((s) => ({
    data: s.disagreements, error: s.disagreementsError, filter: s.disagreementFilter,
    load: s.loadDisagreements, setFilter: s.setDisagreementFilter,
  })));
  const mapping = mappings.find((m) => m.key === key) ?? mappings[0];
  const mappingKey = mapping?.key;
  useEffect(() => {
    if (mappingKey) void load(field, mappingKey);
  }, [field, mappingKey, load]);
  if (!mapping) return null;
  const current = data && data.field === field && data.mappingKey === mapping.key ? data.items : null;
  const categories = [...new Set((current ?? []).flatMap((i) => i.categories))].sort();
  const systems = [...new Set((current ?? []).map((i) => i.system))].sort();
  const shown = current ? filterDisagreements(current, filter) : [];
  return (
    <section className="card judge-card-wide" data-testid="disagreement-gallery" data-mapping={mapping.key}>
      <h2>Disagreements · {field}</h2>
      <div className="agreement-controls gallery-controls">
        <label>mapping
          <select data-testid="gallery-mapping" value={mapping.key} onChange={(e) => setKey(e.target.value)}>
            {mappings.map((m) => <option key={m.key} value={m.key}>{m.key}</option>)}
          </select>
        </label>
        <label>category
          <select data-testid="gallery-category" value={filter.category}
            onChange={(e) => setFilter({ category: e.target.value })}>
            <option value="">every category</option>
            {categories.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
        <label>system
          <select data-testid="gallery-system" value={filter.system}
            onChange={(e) => setFilter({ system: e.target.value })}>
            <option value="">every system</option>
            {systems.map((s) => <option key={s} value={s}>{s || '(no system)'}</option>)}
          </select>
        </label>
        {current && (
          <span className="muted" data-testid="gallery-count" data-shown={shown.length} data-total={current.length}>
            {shown.length} of {current.length} disputed items
          </span>
        )}
      </div>
      <p className="judge-facts"><MappingTag mapping={mapping} /></p>
      {error && <p className="error" role="alert" data-testid="gallery-error">{error}</p>}
      {current && current.length === 0 && <p className="muted">No item is disputed under this mapping.</p>}
      <div className="disagreements">
        {shown.map((i) => <DisagreementCard key={i.episodeId} item={i} mapping={mapping} />)}
      </div>
    </section>
  );
}
