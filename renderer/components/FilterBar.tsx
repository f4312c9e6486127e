/** Filters, full-text search and sort for the episode list. */
import { useEffect, useState } from 'react';
import { useApp } from '../store';
import { SORT_KEYS } from '../../shared/types/browse';
import type { BrowseQuery } from '../store/studies-slice';
import { ProgressFilter } from './ProgressFilter';
import { keyLabel } from '../format';

const SORT_LABELS: Record<(typeof SORT_KEYS)[number], string> = {
  id: 'import order',
  externalId: 'id',
  system: 'system',
  task: 'task',
  outcome: 'outcome',
  reward: 'reward',
  judgeLabel: 'judge label',
  durationMs: 'length',
};

/** Why the judge filter is off while the study hides the judge from the current annotator. */
export function judgeFilterReason(until: 'commit' | 'first_label'): string {
  const when = until === 'commit' ? 'commit your labels on a call' : 'save a first label on a call';
  return `The judge is hidden in this study until you ${when}, so its labels cannot filter the list.`;
}

/** The judge filter turned off, saying why. */
function HiddenJudgeFilter({ until }: { until: 'commit' | 'first_label' }) {
  const why = judgeFilterReason(until);
  return (
    <label className="filter" title={why}>
      <span>judge</span>
      <select data-testid="filter-judge" disabled title={why} value="">
        <option value="">hidden</option>
      </select>
    </label>
  );
}

/** The option standing for an empty value (e.g. calls with no system), which the select's '' ("all") cannot be. */
const EMPTY_VALUE = '\u0000empty';

function Choice({
  label,
  values,
  selected,
  onChange,
  testId,
}: {
  label: string;
  values: string[];
  selected: string | undefined;
  onChange: (v: string | undefined) => void;
  testId: string;
}) {
  if (values.length < 2 && selected === undefined) return null;
  return (
    <label className="filter">
      <span>{label}</span>
      <select
        data-testid={testId}
        value={selected === '' ? EMPTY_VALUE : (selected ?? '')}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === EMPTY_VALUE ? '' : e.target.value)}
      >
        <option value="">all</option>
        {values.map((v) => (
          <option key={v} value={v === '' ? EMPTY_VALUE : v}>
            {v === '' ? `(no ${label})` : v}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The bar above the episode list. */
export function FilterBar() {
  const facets = useApp((s) => s.facets);
  const browse = useApp((s) => s.browse);
  const setBrowse = useApp((s) => s.setBrowse);
  const annotatorId = useApp((s) => s.annotatorId);
  const reloadFacets = useApp((s) => s.reloadFacets);
  const [text, setText] = useState(browse.search ?? '');

  useEffect(() => setText(browse.search ?? ''), [browse.search]);
  // Whether the judge is hidden depends on who labels and on the study's settings (changed in Setup).
  useEffect(() => void reloadFacets(), [annotatorId, reloadFacets]);
  const judgeHidden = facets?.judgeHiddenUntil;
  useEffect(() => {
    if (judgeHidden && browse.judgeLabel) void setBrowse({ judgeLabel: undefined });
  }, [judgeHidden, browse.judgeLabel, setBrowse]);
  useEffect(() => {
    if (text === (browse.search ?? '')) return;
    const timer = setTimeout(() => void setBrowse({ search: text.trim() === '' ? undefined : text }), 200);
    return () => clearTimeout(timer);
  }, [text, browse.search, setBrowse]);

  if (!facets) return null;
  const one = (key: 'system' | 'outcome' | 'judgeLabel') => (v: string | undefined) =>
    void setBrowse({ [key]: v === undefined ? undefined : [v] } as Partial<BrowseQuery>);
  const setCondition = (key: string) => (v: string | undefined) => {
    const condition = { ...(browse.condition ?? {}) };
    if (v === undefined) delete condition[key];
    else condition[key] = [v];
    void setBrowse({ condition });
  };
  const sort = browse.sort ?? { key: 'id' as const, dir: 'asc' as const };
  return (
    <div className="filter-bar">
      <input
        type="search"
        className="search"
        placeholder="Search transcripts…"
        aria-label="Search transcripts"
        data-testid="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="filters">
        <Choice
          label="system"
          values={facets.system}
          selected={browse.system?.[0]}
          onChange={one('system')}
          testId="filter-system"
        />
        <Choice
          label="outcome"
          values={facets.outcome}
          selected={browse.outcome?.[0]}
          onChange={one('outcome')}
          testId="filter-outcome"
        />
        {facets.judgeHiddenUntil ? (
          <HiddenJudgeFilter until={facets.judgeHiddenUntil} />
        ) : (
          <Choice
            label="judge"
            values={facets.judgeLabel}
            selected={browse.judgeLabel?.[0]}
            onChange={one('judgeLabel')}
            testId="filter-judge"
          />
        )}
        <ProgressFilter />
        {Object.entries(facets.condition)
          .filter(([key]) => key !== 'benchmark' || facets.condition[key].length > 1)
          .map(([key, values]) => (
            <Choice
              key={key}
              label={keyLabel(key)}
              values={values}
              selected={browse.condition?.[key]?.[0]}
              onChange={setCondition(key)}
              testId={`filter-condition-${key}`}
            />
          ))}
        <label className="filter">
          <span>sort</span>
          <select
            data-testid="sort"
            value={sort.key}
            onChange={(e) =>
              void setBrowse({ sort: { key: e.target.value as (typeof SORT_KEYS)[number], dir: sort.dir } })
            }
          >
            {SORT_KEYS.map((k) => (
              <option key={k} value={k}>
                {SORT_LABELS[k]}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="sort-dir"
            data-testid="sort-dir"
            title="reverse order"
            onClick={() => void setBrowse({ sort: { key: sort.key, dir: sort.dir === 'asc' ? 'desc' : 'asc' } })}
          >
            {sort.dir === 'asc' ? '↑' : '↓'}
          </button>
        </label>
      </div>
    </div>
  );
}
