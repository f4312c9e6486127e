/** A metrics table as shown in the Results view, with CSV and Markdown export. */
import type { MetricsTable } from '../../../shared/types/metrics';
import { formatCell, isNumericFormat, tableToCsv, tableToMarkdown } from '../../../shared/types/metrics-format';
import { useApp } from '../../store';
import { downloadText, fileName } from './export';

/** The table, its note, and its export buttons; rows of cells below the minimum size are greyed. */
export function MetricsTableView({ table }: { table: MetricsTable }) {
  const study = useApp((s) => s.metrics?.study.name ?? 'study');
  const small = new Set(table.belowMinimum ?? []);
  return (
    <section className="metrics-table" data-testid={`table-${table.id}`}>
      <header className="metrics-table-head">
        <h4>{table.title}</h4>
        <span className="figure-actions">
          <button type="button" data-testid={`export-csv-${table.id}`} onClick={() => downloadText(tableToCsv(table), fileName([study, table.id], 'csv'), 'text/csv')}>CSV</button>
          <button type="button" data-testid={`export-md-${table.id}`} onClick={() => downloadText(tableToMarkdown(table), fileName([study, table.id], 'md'), 'text/markdown')}>Markdown</button>
        </span>
      </header>
      <div className="metrics-table-scroll">
        <table>
          <thead>
            <tr>{table.columns.map((c) => <th key={c.key} className={isNumericFormat(c.format) ? 'num' : undefined}>{c.label}</th>)}</tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              <tr
                key={i}
                className={small.has(i) ? 'below-minimum' : undefined}
                title={small.has(i) ? 'fewer items than the minimum cell size: no significance test' : undefined}
              >
                {table.columns.map((c) => (
                  <td key={c.key} className={isNumericFormat(c.format) ? 'num' : undefined} data-key={c.key}>{formatCell(row[c.key], c.format)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.note && <p className="metrics-note">{table.note}</p>}
    </section>
  );
}
