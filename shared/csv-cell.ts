/** CSV cells as every export writes them (RFC 4180), with text neutralised against formula injection (OWASP). */

/**
 * A CSV cell: text, or a number. Text is what imported data and users wrote and is neutralised against formula
 * injection; a number (a reward, a count, an estimate: a JS number, never a string that looks like one) is written as
 * `String(n)`, so that `-0.25` stays a number in a spreadsheet. A number that is not finite is written empty.
 */
export type CsvCell = string | number;

/** First characters that make a spreadsheet read a text cell as a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; text starting with `=`, `+`, `-`,
 * `@`, tab or carriage return gets a leading `'` and quotes (OWASP), so a spreadsheet shows it as text, not a formula.
 */
export function csvField(value: CsvCell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Joins rows of cells into CSV text with a trailing newline. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\n') + '\n';
}
