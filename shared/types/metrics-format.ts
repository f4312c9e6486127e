/** How metrics tables are written: cells for display, CSV (raw values, RFC 4180) and Markdown (display values), shared by CLI and renderer. */
import { csvField } from '../csv-cell';
import type { CellFormat, MetricsTable } from './metrics';

/** A cell for display: rates and numbers to 3 decimals, ms rounded, p-values to 3 significant digits (scientific below 0.001), en dash for missing. */
export function formatCell(value: string | number | null | undefined, format: CellFormat): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return value > 0 ? '∞' : value < 0 ? '−∞' : '–';
  switch (format) {
    case 'int':
      return String(Math.round(value));
    case 'ms':
      return String(Math.round(value));
    case 'p':
      return value === 0 ? '0' : value < 0.001 ? value.toExponential(2) : String(Number(value.toPrecision(3)));
    case 'text':
      return String(value);
    default:
      return value.toFixed(3).replace(/^-(0\.0+)$/, '$1');
  }
}

/** True for columns shown right-aligned (every numeric format). */
export function isNumericFormat(format: CellFormat): boolean {
  return format !== 'text';
}

/** One CSV field: raw numbers, empty for missing, text quoted and neutralised against formulas as every export does. */
const tableField = (value: string | number | null | undefined): string => (value == null ? '' : csvField(value));

/**
 * The table as CSV: a header of column keys, then one line per row with raw (full-precision) values; CRLF line ends.
 * Text cells that start like a formula (`=`, `+`, `-`, `@`, tab, CR) get a leading `'` (OWASP); numbers stay numbers.
 */
export function tableToCsv(table: MetricsTable): string {
  const lines = [table.columns.map((c) => tableField(c.key)), ...table.rows.map((row) => table.columns.map((c) => tableField(row[c.key])))];
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

/** The table as Markdown: a `###` title, a pipe table of display values (numeric columns right-aligned), and its note in italics. */
export function tableToMarkdown(table: MetricsTable): string {
  const escape = (s: string) => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const header = `| ${table.columns.map((c) => escape(c.label)).join(' | ')} |`;
  const align = `| ${table.columns.map((c) => (isNumericFormat(c.format) ? '---:' : ':---')).join(' | ')} |`;
  const body = table.rows.map((row) => `| ${table.columns.map((c) => escape(formatCell(row[c.key], c.format))).join(' | ')} |`);
  return [`### ${escape(table.title)}`, '', header, align, ...body, ...(table.note ? ['', `_${table.note}_`] : [])].join('\n') + '\n';
}

/** The table as aligned plain text under its title (for the command line). */
export function tableToText(table: MetricsTable): string {
  const header = table.columns.map((c) => c.label);
  const body = table.rows.map((r) => table.columns.map((c) => formatCell(r[c.key], c.format)));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((v, i) => (isNumericFormat(table.columns[i].format) ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ').trimEnd();
  return [`## ${table.title}`, line(header), ...body.map(line), ...(table.note ? [`(${table.note})`] : [])].join('\n');
}
