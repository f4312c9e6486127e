/** The casebook's left pane: categories with their counts (a filter), then the cases, each with its moment and note. */
import { useShallow } from 'zustand/react/shallow';
import type { CasebookCase } from '../../../shared/types/casebook';
import { formatMs } from '../../format';
import { useApp } from '../../store';
import { playFrom } from './play-from';

/** Where a case points, as a short label: "@ 0:09", "0:09–0:14", "whole call". */
export function caseSpanLabel(c: Pick<CasebookCase, 'kind' | 'startMs' | 'endMs'>): string {
  if (c.kind === 'call') return 'whole call';
  if (c.kind === 'moment') return `@ ${formatMs(c.startMs)}`;
  return `${formatMs(c.startMs)}–${formatMs(c.endMs)}`;
}

function CaseRow({ c, selected }: { c: CasebookCase; selected: boolean }) {
  const selectCase = useApp((s) => s.selectCase);
  const open = async () => {
    await selectCase(c.id);
    playFrom(c.startMs ?? 0, false);
  };
  return (
    <div
      className={`case-row${selected ? ' selected' : ''}`}
      data-testid="casebook-case"
      data-case-id={c.id}
      data-kind={c.kind}
      onClick={() => void open()}
    >
      <span className="case-top">
        <span className="ext-id" title={c.externalId}>
          {c.externalId}
        </span>
        <span className="num case-span">{caseSpanLabel(c)}</span>
      </span>
      {c.note && (
        <span className="case-note" title={c.note}>
          {c.note}
        </span>
      )}
      <span className="muted">
        {c.category} · {c.addedBy.name}
      </span>
    </div>
  );
}

/** Categories and cases of the casebook. */
export function CaseList() {
  const { casebook, category, selectedCaseId } = useApp(
    useShallow((s) => ({ casebook: s.casebook, category: s.casebookCategory, selectedCaseId: s.selectedCaseId })),
  );
  const setCategory = useApp((s) => s.setCasebookCategory);
  if (!casebook)
    return (
      <nav className="left casebook-list" data-testid="casebook-view">
        <p className="empty">Loading…</p>
      </nav>
    );
  const shown = casebook.cases.filter((c) => category === null || c.category === category);
  return (
    <nav className="left casebook-list" data-testid="casebook-view" data-scope={casebook.scope}>
      <div className="casebook-head">
        <p className="muted" data-testid="casebook-scope">
          {casebook.message}
        </p>
        <ul className="casebook-categories">
          <li>
            <button
              type="button"
              className={`category-chip${category === null ? ' on' : ''}`}
              onClick={() => setCategory(null)}
            >
              all <span className="num">{casebook.cases.length}</span>
            </button>
          </li>
          {casebook.categories.map((c) => (
            <li key={c.category}>
              <button
                type="button"
                className={`category-chip${category === c.category ? ' on' : ''}`}
                data-testid="casebook-category-row"
                data-category={c.category}
                data-count={c.count}
                onClick={() => setCategory(c.category)}
              >
                {c.category} <span className="num">{c.count}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="casebook-cases">
        {shown.length === 0 && (
          <p className="empty">No cases yet. Add one from the Label view: “Add to casebook…” below my labels.</p>
        )}
        {shown.map((c) => (
          <CaseRow key={c.id} c={c} selected={c.id === selectedCaseId} />
        ))}
      </div>
    </nav>
  );
}
