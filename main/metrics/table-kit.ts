/** Small helpers the table builders share: columns, labels for systems and conditions, rates and intervals as cells. */
import type { CellFormat, MetricsTable } from '../../shared/types/metrics';
import type { BootstrapInterval } from '../../shared/types/bootstrap-interval';
import type { Rate } from '../../shared/types/benchmark-rows';

/** One column. */
export function col(key: string, label: string, format: CellFormat = 'text'): MetricsTable['columns'][number] {
  return { key, label, format };
}

/** A system's name as shown: `(no system)` for the empty name. */
export function systemLabel(system: string): string {
  return system === '' ? '(no system)' : system;
}

/** A condition as `key=value, …` (sorted keys), or an en dash for none. */
export function conditionLabel(condition: Readonly<Record<string, string>>): string {
  const keys = Object.keys(condition).sort();
  return keys.length ? keys.map((k) => `${k}=${condition[k]}`).join(', ') : '–';
}

/** A rate as two cells: `n/N` under `key` and the value under `key + 'Rate'`. */
export function rateCells(key: string, r: Rate): Record<string, string | number | null> {
  return { [key]: `${r.numerator}/${r.denominator}`, [`${key}Rate`]: r.value };
}

/** An interval as `low` / `high` cells under the given prefix. */
export function intervalCells(prefix: string, i: BootstrapInterval | null): Record<string, number | null> {
  return { [`${prefix}Low`]: i?.low ?? null, [`${prefix}High`]: i?.high ?? null };
}

/** An estimate's column and its interval's low and high columns (keys `key`, `keyLow`, `keyHigh`). */
export function estimateColumns(key: string, label: string): MetricsTable['columns'] {
  return [col(key, label, 'num'), col(`${key}Low`, 'low', 'num'), col(`${key}High`, 'high', 'num')];
}

/** Columns for a rate (fraction and value) and, optionally, its interval. */
export function rateColumns(key: string, label: string, withInterval = false): MetricsTable['columns'] {
  return [
    col(key, `${label} n/N`),
    col(`${key}Rate`, label, 'rate'),
    ...(withInterval ? [col(`${key}Low`, 'low', 'rate'), col(`${key}High`, 'high', 'rate')] : []),
  ];
}

/** Percent coverage of an interval as text, e.g. `95%`. */
export function coverage(confidence: number): string {
  return `${Math.round(confidence * 1000) / 10}%`;
}

/** The indices of the rows whose cell is below the minimum (for `MetricsTable.belowMinimum`), or undefined for none. */
export function smallRows(rows: readonly { belowMinimum: boolean }[]): number[] | undefined {
  const small = rows.flatMap((r, i) => (r.belowMinimum ? [i] : []));
  return small.length ? small : undefined;
}

/** The sentence a table note gives for rows below the minimum cell size. */
export function minimumNote(minimum: number): string {
  return `Greyed rows: fewer than ${minimum} items (the minimum cell size), shown with their n, given no test.`;
}

/** A table's note and greyed rows: the note gains the minimum's sentence only when some row is below the minimum. */
export function withMinimum(
  note: string,
  rows: readonly { belowMinimum: boolean }[],
  minimum: number,
): Pick<MetricsTable, 'note' | 'belowMinimum'> {
  const belowMinimum = smallRows(rows);
  return { note: belowMinimum ? `${note} ${minimumNote(minimum)}` : note, belowMinimum };
}
