/** The judge-to-field mappings of a field: listed with their rule, a study's own added, edited and removed. */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../../store';
import type { MappingDraft } from '../../store/judge-validation-slice';
import { MappingForm } from './MappingForm';
import { blankDraft, draftOf, ruleText } from './mapping-draft';
import { sourceName } from './judge-format';

/** The editor of `field`'s mappings; `observed` are the values the annotators gave the field. */
export function MappingEditor({ field, observed }: { field: string; observed: string[] }) {
  const { mappings, error, remove, clearError } = useApp(useShallow((s) => ({
    mappings: s.judgeMappings, error: s.mappingError, remove: s.removeJudgeMapping, clearError: s.clearMappingError,
  })));
  const [form, setForm] = useState<{ draft: MappingDraft; editing: boolean; n: number } | null>(null);
  const open = (draft: MappingDraft, editing: boolean) => {
    clearError();
    setForm({ draft, editing, n: (form?.n ?? 0) + 1 });
  };
  const own = mappings.filter((m) => m.field === field);
  return (
    <section className="card judge-card-wide" data-testid="judge-mappings">
      <h2>Judge-to-field mappings · {field}</h2>
      <p className="judge-facts muted">
        How a judge’s output lines up with this field. Built-in mappings come with the benchmark; a study mapping with
        the same key replaces one, and removing it brings the built-in one back.
      </p>
      {own.length === 0 ? (
        <p className="muted" data-testid="mapping-none">No mapping relates a judge to {field} yet.</p>
      ) : (
        <table className="data mapping-list">
          <thead>
            <tr><th>key</th><th>label</th><th>source</th><th>judge</th><th>kind</th><th>rule</th><th /></tr>
          </thead>
          <tbody>
            {own.map((m) => (
              <tr key={m.key} data-testid="mapping-row" data-key={m.key} data-source={m.source}>
                <td><code>{m.key}</code></td>
                <td className="wrap">{m.label}</td>
                <td><span className={`source-chip source-${m.source}`}>{sourceName(m)}</span></td>
                <td>{m.judgeId ?? 'newest'}</td>
                <td>{m.kind} · {m.output}</td>
                <td className="wrap rule">{ruleText(m)}</td>
                <td className="mapping-actions">
                  <button type="button" className="small" data-testid="mapping-edit"
                    onClick={() => open(draftOf(m), true)}>
                    {m.source === 'builtin' ? 'Override' : 'Edit'}
                  </button>
                  {m.source === 'study' && (
                    <button type="button" className="small" data-testid="mapping-remove"
                      onClick={() => void remove(m.key)}>
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!form && error && <p className="error mapping-error" role="alert" data-testid="mapping-error">{error}</p>}
      {form ? (
        <MappingForm
          key={form.n} initial={form.draft} editing={form.editing} observed={observed} onDone={() => setForm(null)}
        />
      ) : (
        <button type="button" className="small" data-testid="mapping-add"
          onClick={() => open(blankDraft(field), false)}>
          Add a study mapping
        </button>
      )}
    </section>
  );
}
