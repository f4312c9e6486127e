/** RFC 4180 CSV parsing: quoted fields with commas, quotes and newlines; rows as records keyed by header. */

/** A CSV fault, with the 1-based line where the broken record starts. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Parses CSV text into rows of fields. A trailing newline does not make an empty row. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"') {
      if (field.length > 0) throw new CsvError(line, `line ${line}: quote inside an unquoted field`);
      quoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      line++;
      recordLine = line;
    } else field += ch;
  }
  if (quoted) throw new CsvError(recordLine, `line ${recordLine}: quoted field is never closed`);
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Parses CSV text with a header row into records; every row must have the header's width. */
export function parseCsvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const rows = parseCsvRows(text);
  if (rows.length === 0) throw new CsvError(1, 'line 1: the file is empty (no header row)');
  const header = rows[0];
  const records = rows.slice(1).map((r, i) => {
    if (r.length !== header.length) {
      throw new CsvError(i + 2, `record ${i + 1}: has ${r.length} fields, the header has ${header.length}`);
    }
    return Object.fromEntries(header.map((h, j) => [h, r[j]]));
  });
  return { header, records };
}
