/** The judge-corrected figures (PPI++) beside the judge's and the humans' own, each with its interval, and a legend. */
import type {
  CorrectedCell,
  CorrectedFigure,
  CorrectedInterval,
  JudgeCorrectedSection,
} from '../../../shared/types/ppi';
import type { MetricsTable } from '../../../shared/types/metrics';
import { tableToCsv, tableToMarkdown } from '../../../shared/types/metrics-format';
import { useApp } from '../../store';
import { downloadText, fileName } from '../charts/export';
import './corrected.css';

/** The three figures of a cell, in the order they are drawn and listed. */
const KINDS = [
  {
    key: 'judgeOnly',
    name: 'judge only',
    what: 'the judge’s labels on every call; its interval is blind to the judge’s errors',
  },
  { key: 'humanOnly', name: 'humans only', what: 'the resolved human labels of the labelled calls' },
  { key: 'corrected', name: 'corrected (PPI++)', what: 'the judge’s figure corrected by the humans’ labels' },
] as const;

const fixed = (x: number | null) => (x === null ? '—' : x.toFixed(3));

/** "0.612 [0.588, 0.637]", or a dash when undefined. */
function intervalText(i: CorrectedInterval): string {
  return i.estimate === null ? '—' : `${fixed(i.estimate)} [${fixed(i.low)}, ${fixed(i.high)}]`;
}

/** The legend's mark of each kind (the same shapes as in the strips). */
function Mark({ kind }: { kind: (typeof KINDS)[number]['key'] }) {
  return (
    <svg className={`corrected-mark corrected-${kind}`} width="14" height="10" aria-hidden="true">
      <line x1="0" x2="14" y1="5" y2="5" />
      <circle cx="7" cy="5" r="3" />
    </svg>
  );
}

/** The three intervals of a cell on one 0–1 axis: one line each, judge on top, corrected at the bottom. */
function Strip({ cell }: { cell: CorrectedCell }) {
  const x = (v: number) => 4 + Math.min(1, Math.max(0, v)) * 152;
  return (
    <svg className="corrected-strip" width="160" height="22" role="img" aria-label="intervals on a 0 to 1 axis">
      <line className="corrected-axis" x1="4" x2="156" y1="21" y2="21" />
      {KINDS.map((k, row) => {
        const i = cell[k.key];
        if (i.estimate === null || i.low === null || i.high === null) return null;
        const y = 4 + row * 7;
        return (
          <g key={k.key} className={`corrected-${k.key}`}>
            <line x1={x(i.low)} x2={x(i.high)} y1={y} y2={y} />
            <circle cx={x(i.estimate)} cy={y} r="2.5" />
          </g>
        );
      })}
    </svg>
  );
}

const conditionText = (c: Record<string, string> | null) =>
  c === null
    ? 'all'
    : Object.entries(c)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ');

/** CSV and Markdown export of a figure's table (the same table `earshot metrics` prints). */
function ExportButtons({ table }: { table: MetricsTable }) {
  const study = useApp((s) => s.metrics?.study.name ?? 'study');
  return (
    <span className="figure-actions">
      <button
        type="button"
        data-testid={`export-csv-${table.id}`}
        onClick={() => downloadText(tableToCsv(table), fileName([study, table.id], 'csv'), 'text/csv')}
      >
        CSV
      </button>
      <button
        type="button"
        data-testid={`export-md-${table.id}`}
        onClick={() => downloadText(tableToMarkdown(table), fileName([study, table.id], 'md'), 'text/markdown')}
      >
        Markdown
      </button>
    </span>
  );
}

/** One figure: a row per cell and, below, the pairwise system differences. */
function FigureTable({ figure, table }: { figure: CorrectedFigure; table: MetricsTable | undefined }) {
  const id = `${figure.mapping}${figure.outcome === 'positive' ? '' : `=${figure.outcome}`}`;
  const left = [
    figure.unmappedJudge ? `${figure.unmappedJudge} calls the mapping does not place` : '',
    figure.labelledUnjudged ? `${figure.labelledUnjudged} labelled calls without a judge label` : '',
  ].filter(Boolean);
  return (
    <div className="metrics-table corrected-figure" data-testid={`corrected-${id}`}>
      <div className="metrics-table-head">
        <h4>
          {figure.label}
          {figure.outcome === 'positive' ? '' : ` — share ${figure.outcome}`}
        </h4>
        <span className="muted num">{id}</span>
        {table && <ExportButtons table={table} />}
      </div>
      <div className="metrics-table-scroll">
        <table>
          <thead>
            <tr>
              <th>system</th>
              <th>condition</th>
              <th>calls</th>
              <th>labelled</th>
              <th>disputed</th>
              {KINDS.map((k) => (
                <th key={k.key}>
                  <Mark kind={k.key} /> {k.name}
                </th>
              ))}
              <th>λ</th>
              <th>intervals (0–1)</th>
            </tr>
          </thead>
          <tbody>
            {figure.cells.map((c) => (
              <tr
                key={`${c.system}|${conditionText(c.condition)}`}
                data-system={c.system}
                data-condition={conditionText(c.condition)}
              >
                <td>{c.system || '(no system)'}</td>
                <td>{conditionText(c.condition)}</td>
                <td className="num">{c.calls}</td>
                <td className="num">{c.labelled}</td>
                <td className="num">{c.disputed}</td>
                {KINDS.map((k) => (
                  <td key={k.key} className="num" data-key={k.key}>
                    {intervalText(c[k.key])}
                  </td>
                ))}
                <td className="num">
                  {c.lambda === null ? (c.strata > 1 ? `${c.strata} strata` : '—') : c.lambda.toFixed(2)}
                </td>
                <td>
                  <Strip cell={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {figure.differences.length > 0 && (
        <div className="metrics-table-scroll corrected-differences">
          <table>
            <thead>
              <tr>
                <th>difference</th>
                <th>judge only</th>
                <th>corrected (PPI++)</th>
              </tr>
            </thead>
            <tbody>
              {figure.differences.map((d) => (
                <tr key={`${d.systemA}|${d.systemB}`}>
                  <td>
                    {d.systemA} − {d.systemB}
                  </td>
                  <td className="num">{intervalText(d.judgeOnly)}</td>
                  <td className="num">{intervalText(d.corrected)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {left.length > 0 && <p className="muted corrected-left">Left out: {left.join('; ')}.</p>}
    </div>
  );
}

/** The section of the Results view, shown when some judged figure has human labels. */
export function JudgeCorrected({
  section,
  tables,
}: {
  section: JudgeCorrectedSection;
  tables: readonly MetricsTable[];
}) {
  return (
    <section className="metrics-section" data-testid="section-judge-corrected">
      <h2>Judge-corrected figures</h2>
      <ul className="corrected-legend" data-testid="corrected-legend">
        {KINDS.map((k) => (
          <li key={k.key}>
            <Mark kind={k.key} />
            <span>
              <strong>{k.name}</strong>: {k.what}
            </span>
          </li>
        ))}
        <li className="muted">
          {Math.round(section.confidence * 100)}% normal intervals · design: {section.design} · disputed calls are left
          out of the labelled ones
        </li>
      </ul>
      {section.figures.map((f) => (
        <FigureTable
          key={`${f.mapping}|${f.outcome}`}
          figure={f}
          table={tables.find(
            (t) => t.id === `judge-corrected-${f.mapping}${f.outcome === 'positive' ? '' : `=${f.outcome}`}`,
          )}
        />
      ))}
    </section>
  );
}
