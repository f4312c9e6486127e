/**
 * What a database holds, table by table, in a form two databases can be compared by: every row of every ordinary
 * table in primary-key order with its rowid and the storage class of each value, and the full-text index as the
 * tokens it holds for each episode. The schema itself is left out (migrations change it; the rows must not change).
 */
import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';

/** The rows of one table. */
export interface TableDump {
  table: string;
  /** Column names; `rowid` first for a rowid table whose rowid is not one of its columns. */
  columns: string[];
  rows: DumpRow[];
}

/** One row: its values (a BLOB as its length and SHA-256) and their storage classes, one letter each (i r t b n). */
export interface DumpRow {
  values: unknown[];
  types: string;
}

interface ColumnRow {
  name: string;
  type: string;
  pk: number;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A value as JSON can carry it. */
function plain(value: unknown): unknown {
  if (Buffer.isBuffer(value))
    return { blobBytes: value.length, sha256: createHash('sha256').update(value).digest('hex') };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** The ordinary tables of the main schema, by name (virtual, shadow and sqlite_ tables left out). */
export function ordinaryTables(db: Database.Database): string[] {
  const list = db.pragma('table_list') as { schema: string; name: string; type: string }[];
  return list
    .filter((t) => t.schema === 'main' && t.type === 'table' && !t.name.startsWith('sqlite_'))
    .map((t) => t.name)
    .sort();
}

/** Every row of `table`, ordered by its primary key. */
export function dumpTable(db: Database.Database, table: string): TableDump {
  const info = db.pragma(`table_xinfo(${quote(table)})`) as ColumnRow[];
  const withoutRowid = (db.pragma('table_list') as { name: string; wr: number }[]).find((t) => t.name === table)!.wr;
  const key = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  const rowidAlias = key.length === 1 && key[0].type.toUpperCase() === 'INTEGER';
  const columns = [...(withoutRowid || rowidAlias ? [] : ['rowid']), ...info.map((c) => c.name)];
  const order = key.length ? key.map((c) => quote(c.name)).join(', ') : 'rowid';
  const select = columns.map((c) => (c === 'rowid' ? 'rowid' : quote(c)));
  const types = columns.map((c) => `substr(typeof(${c === 'rowid' ? 'rowid' : quote(c)}), 1, 1)`).join(' || ');
  const rows = db
    .prepare(`SELECT ${select.join(', ')}, ${types} FROM ${quote(table)} ORDER BY ${order}`)
    .raw()
    .all() as unknown[][];
  return { table, columns, rows: rows.map((r) => ({ values: r.slice(0, -1).map(plain), types: String(r.at(-1)) })) };
}

/** The tokens the full-text index `episode_text` holds for each episode (rowid), in order. */
export function dumpFullText(db: Database.Database): TableDump {
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.episode_text_tokens USING fts5vocab(main, episode_text, instance)');
  const rows = db
    .prepare(
      "SELECT doc, group_concat(term, ' ' ORDER BY offset) FROM temp.episode_text_tokens GROUP BY doc ORDER BY doc",
    )
    .raw()
    .all() as [number, string][];
  db.exec('DROP TABLE temp.episode_text_tokens');
  return { table: 'episode_text', columns: ['rowid', 'tokens'], rows: rows.map((r) => ({ values: r, types: 'it' })) };
}

/** Every ordinary table and the full-text index. */
export function dumpDatabase(db: Database.Database): TableDump[] {
  return [...ordinaryTables(db).map((t) => dumpTable(db, t)), dumpFullText(db)];
}
