/** CSV files of the archive as validated records; faults name the file, the row and the column. */
import type { z } from 'zod';
import { CsvError, parseCsvRecords } from '../../util/csv';
import { ImportError } from '../batch';
import { MAX_FIELD_CHARS, TABLE_FILE } from '../limits';
import { readTextFile, validate } from '../read-json';

/**
 * The site of a fault in CSV text that stops at the fault: the data row (`row N`, or `header`) and the column it is in,
 * by the header's name where the header has been read.
 */
export function csvSite(before: string): { record: string; field: string } {
  const header: string[] = [];
  let cell = '';
  let row = 0;
  let column = 0;
  let quoted = false;
  for (let i = 0; i < before.length; i++) {
    const ch = before[i];
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (before[i + 1] === '"') cell += before[++i];
      else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === '\n' || ch === '\r') {
      if (row === 0) header.push(cell);
      cell = '';
      column++;
      if (ch === ',') continue;
      if (ch === '\r' && before[i + 1] === '\n') i++;
      row++;
      column = 0;
    } else cell += ch;
  }
  return { record: row === 0 ? 'header' : `row ${row}`, field: header[column] || `column ${column + 1}` };
}

/**
 * Reads the CSV at `path` (named `file` in messages) and validates each data row; `recordOf` names row i (0-based).
 * A file or a cell past the limits is refused, naming the row and the column.
 */
export function readCsvFile<S extends z.ZodType>(
  path: string,
  file: string,
  schema: S,
  recordOf: (i: number, raw: Record<string, string>) => string,
): z.output<S>[] {
  let records: Record<string, string>[];
  try {
    records = parseCsvRecords(readTextFile(path, file, TABLE_FILE, csvSite)).records;
  } catch (err) {
    if (err instanceof CsvError) throw new ImportError(file, `line ${err.line}`, '(csv)', err.message);
    throw err;
  }
  records.forEach((raw, i) => {
    for (const [column, value] of Object.entries(raw)) {
      if (value.length > MAX_FIELD_CHARS) {
        const problem = `${value.length} characters, more than the ${MAX_FIELD_CHARS} a field may have`;
        throw new ImportError(file, recordOf(i, raw), column, problem);
      }
    }
  });
  return records.map((raw, i) => validate(schema, raw, file, recordOf(i, raw)));
}
