/**
 * Whether a table's stored values fit its STRICT twin. Every column keeps its declared type, so it already has the
 * affinity the STRICT column applies: SQLite converted each value it could when the row was written (text '12' into
 * 12 in an INTEGER column, 12 into '12' in a TEXT one). A value still of another storage class is one that affinity
 * could not convert without loss (text 'abc' or 2.5 in an INTEGER column, a BLOB in a TEXT column), and a STRICT
 * column refuses exactly those. No faithful conversion exists for them, so the check stops the migration instead.
 */
import type Database from 'better-sqlite3';

/** The column types a STRICT table allows. */
export const strictTypes = ['INTEGER', 'REAL', 'TEXT', 'BLOB', 'ANY'] as const;

/** One column as the migration sees it. */
export interface StrictColumn {
  name: string;
  type: (typeof strictTypes)[number];
  /** Part of the primary key: STRICT refuses NULL there. */
  inKey: boolean;
}

/** The table a check reads: its name, columns and how a row is named. */
export interface StrictTable {
  name: string;
  columns: StrictColumn[];
  /** The primary key columns of a WITHOUT ROWID table; empty for a rowid table. */
  keyColumns: string[];
}

const storageClasses: Record<StrictColumn['type'], string[]> = {
  INTEGER: ['integer'],
  REAL: ['real', 'integer'],
  TEXT: ['text'],
  BLOB: ['blob'],
  ANY: ['integer', 'real', 'text', 'blob', 'null'],
};

/** Quotes an identifier for SQL. */
export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The storage classes (`typeof`) a STRICT column of `c`'s type accepts. */
function acceptedClasses(c: StrictColumn): string[] {
  return c.inKey
    ? storageClasses[c.type].filter((k) => k !== 'null')
    : [...new Set([...storageClasses[c.type], 'null'])];
}

/** A short, readable rendering of a stored value for an error message. */
function describeValue(value: unknown): string {
  if (value === null) return 'NULL';
  if (Buffer.isBuffer(value)) return `a BLOB of ${value.length} bytes`;
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  return `the ${Number.isInteger(value) ? 'number' : 'real number'} ${String(value)}`;
}

/** Throws, naming table, row and column, when a stored value would be refused by the table's STRICT twin. */
export function assertStrictValues(db: Database.Database, version: number, table: StrictTable): void {
  const checked = table.columns.filter((c) => c.type !== 'ANY');
  if (!checked.length) return;
  const key = table.keyColumns.length ? table.keyColumns.map(quoteName).join(', ') : 'rowid AS "rowid"';
  const classOf = (c: StrictColumn, i: number) => `typeof(${quoteName(c.name)}) AS "class ${i}"`;
  const cols = checked.map((c, i) => `${quoteName(c.name)}, ${classOf(c, i)}`).join(', ');
  const inClasses = (c: StrictColumn) =>
    acceptedClasses(c)
      .map((k) => `'${k}'`)
      .join(', ');
  const where = checked.map((c) => `typeof(${quoteName(c.name)}) NOT IN (${inClasses(c)})`).join(' OR ');
  const row = db.prepare(`SELECT ${key}, ${cols} FROM ${quoteName(table.name)} WHERE ${where} LIMIT 1`).get() as
    Record<string, unknown> | undefined;
  if (!row) return;
  const bad = checked.find((c, i) => !acceptedClasses(c).includes(row[`class ${i}`] as string))!;
  const keyValues = table.keyColumns.map((k) => JSON.stringify(row[k])).join(', ');
  const rowName = table.keyColumns.length
    ? `the row with primary key (${table.keyColumns.join(', ')}) = (${keyValues})`
    : `rowid ${String(row.rowid)}`;
  throw new Error(
    `migration ${version} (STRICT tables): table ${table.name}, ${rowName}, column ${bad.name} holds ` +
      `${describeValue(row[bad.name])}, which its ${bad.type} column cannot hold without loss. Correct or clear that ` +
      'value with the Earshot that wrote it (or the sqlite3 shell) and open the database again; nothing was changed.',
  );
}
