/** CSV records that remember the file line they start on, and errors that name file, line and field. */
import { CsvError, parseCsvRows } from '../../util/csv';

/** A fault in an input file, naming the file, the 1-based line and (when known) the field. */
export class InputFieldError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly field: string | null,
    readonly detail: string,
  ) {
    super(`${file}:${line}${field === null ? '' : ` (field "${field}")`}: ${detail}`);
  }
}

/** One CSV record keyed by header, with the line on which it starts. */
export interface LinedRecord {
  line: number;
  fields: Record<string, string>;
}

/** Parses CSV text with a header row; checks required columns and record widths; blank lines are skipped. */
export function parseCsvWithLines(text: string, file: string, requiredColumns: readonly string[]): LinedRecord[] {
  let rows: string[][];
  try {
    rows = parseCsvRows(text);
  } catch (err) {
    if (err instanceof CsvError) throw new InputFieldError(file, err.line, null, err.message.replace(/^line \d+: /, ''));
    throw err;
  }
  if (rows.length === 0) throw new InputFieldError(file, 1, null, 'the file is empty (no header row)');
  const header = rows[0];
  for (const column of requiredColumns) {
    if (!header.includes(column)) throw new InputFieldError(file, 1, column, `missing column; the header must name ${requiredColumns.join(', ')}`);
  }
  const records: LinedRecord[] = [];
  let line = 1 + linesSpanned(header);
  for (const row of rows.slice(1)) {
    const start = line;
    line += linesSpanned(row);
    if (row.length === 1 && row[0] === '') continue;
    if (row.length !== header.length) {
      throw new InputFieldError(file, start, null, `has ${row.length} fields, the header has ${header.length}`);
    }
    records.push({ line: start, fields: Object.fromEntries(header.map((h, j) => [h, row[j]])) });
  }
  return records;
}

function linesSpanned(row: readonly string[]): number {
  let lines = 1;
  for (const field of row) for (const ch of field) if (ch === '\n') lines++;
  return lines;
}
