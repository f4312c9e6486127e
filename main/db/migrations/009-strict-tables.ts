/**
 * Migration 9: every table is declared STRICT, so SQLite refuses a value of the wrong type (text in an INTEGER column)
 * instead of storing it. SQLite cannot make a table STRICT in place; each is rebuilt as its documented procedure
 * says (https://www.sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes"): a STRICT twin
 * from the table's own CREATE TABLE text (same columns, types, constraints, defaults and foreign keys), every row
 * copied with its rowid, the old table dropped, the twin renamed, then the indexes, the triggers and the planner's
 * statistics put back as they were. It runs with foreign keys off (table-rebuild.ts says why), and fails, changing
 * nothing, when a stored value could not be kept (strict-values.ts). The full-text index `episode_text` is an FTS5
 * virtual table, which cannot be STRICT; it and its shadow tables are left as they are, and its rowids (episode ids)
 * do not move, so it keeps answering.
 */
import type Database from 'better-sqlite3';
import { assertStrictValues, quoteName, strictTypes, type StrictColumn, type StrictTable } from './strict-values';

const VERSION = 9;

interface TableListRow {
  schema: string;
  name: string;
  type: string;
  wr: number;
  strict: number;
}

interface ColumnRow {
  name: string;
  type: string;
  pk: number;
  hidden: number;
}

/** A table to rebuild: what the value check needs, plus its CREATE TABLE text and how its rows are copied. */
interface Rebuild extends StrictTable {
  sql: string;
  /** Whether the implicit rowid is copied too (a rowid table without an INTEGER PRIMARY KEY column). */
  copyRowid: boolean;
}

/** The ordinary tables of the main schema that are not STRICT yet (virtual, shadow and sqlite_ tables excluded). */
function tablesToRebuild(db: Database.Database): Rebuild[] {
  const tables = (db.pragma('table_list') as TableListRow[]).filter(
    (t) => t.schema === 'main' && t.type === 'table' && !t.strict && !t.name.startsWith('sqlite_'),
  );
  return tables.map((t) => describeTable(db, t)).sort((a, b) => a.name.localeCompare(b.name));
}

/** Reads one table's columns and CREATE TABLE text; throws on a column type STRICT does not allow. */
function describeTable(db: Database.Database, t: TableListRow): Rebuild {
  const rows = db.pragma(`table_xinfo(${quoteName(t.name)})`) as ColumnRow[];
  const columns: StrictColumn[] = rows.map((c) => {
    const type = c.type.toUpperCase() as StrictColumn['type'];
    if (!strictTypes.includes(type) || c.hidden !== 0) {
      throw new Error(`migration ${VERSION}: column ${t.name}.${c.name} (${c.type || 'no type'}) cannot be STRICT`);
    }
    return { name: c.name, type, inKey: c.pk > 0 };
  });
  const key = rows.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  const rowidAlias = key.length === 1 && key[0].type.toUpperCase() === 'INTEGER';
  const sql = db
    .prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?")
    .pluck()
    .get(t.name) as string;
  return {
    name: t.name,
    columns,
    keyColumns: t.wr ? key.map((c) => c.name) : [],
    sql,
    copyRowid: !t.wr && !rowidAlias,
  };
}

/** The table's CREATE TABLE text, naming `twin` (an SQL name, quoted if need be) and declared STRICT. */
function strictTwinSql(t: Rebuild, twin: string): string {
  const head = /^CREATE TABLE\s+("?)([^"\s(]+)\1\s*\(/i.exec(t.sql);
  if (!head || head[2] !== t.name) throw new Error(`migration ${VERSION}: cannot read the definition of ${t.name}`);
  const body = `CREATE TABLE ${twin} (${t.sql.slice(head[0].length)}`.trimEnd();
  if (/\)\s*WITHOUT\s+ROWID$/i.test(body)) return `${body}, STRICT`;
  if (body.endsWith(')')) return `${body} STRICT`;
  throw new Error(`migration ${VERSION}: cannot read the end of the definition of ${t.name}`);
}

/** Replaces `t` by its STRICT twin holding the same rows (rowids included). */
function rebuildStrict(db: Database.Database, t: Rebuild): void {
  const twin = `${t.name}__strict`;
  const count = (name: string) =>
    db
      .prepare(`SELECT count(*) FROM ${quoteName(name)}`)
      .pluck()
      .get() as number;
  db.exec(strictTwinSql(t, quoteName(twin)));
  const cols = [...(t.copyRowid ? ['rowid'] : []), ...t.columns.map((c) => quoteName(c.name))].join(', ');
  db.exec(`INSERT INTO ${quoteName(twin)} (${cols}) SELECT ${cols} FROM ${quoteName(t.name)}`);
  const [before, after] = [count(t.name), count(twin)];
  if (before !== after) throw new Error(`migration ${VERSION}: ${t.name} has ${before} rows but its copy ${after}`);
  db.exec(`DROP TABLE ${quoteName(t.name)}`);
  db.exec(`ALTER TABLE ${quoteName(twin)} RENAME TO ${quoteName(t.name)}`);
}

interface SchemaObject {
  name: string;
  table: string;
  sql: string;
}

/** The CREATE statements of the indexes written by hand (not those of UNIQUE constraints), the triggers and views. */
function indexesAndTriggers(
  db: Database.Database,
  tables: Rebuild[],
): { indexes: string[]; triggers: SchemaObject[]; views: SchemaObject[] } {
  const of = (type: string) =>
    db
      .prepare(
        'SELECT name, tbl_name AS "table", sql FROM sqlite_schema WHERE type = ? AND sql IS NOT NULL ORDER BY rowid',
      )
      .all(type) as SchemaObject[];
  const rebuilt = new Set(tables.map((t) => t.name));
  return {
    indexes: of('index')
      .filter((i) => rebuilt.has(i.table))
      .map((i) => i.sql),
    triggers: of('trigger'),
    views: of('view'),
  };
}

/** The rows of a table of planner statistics, with its column names. */
interface Statistics {
  table: string;
  columns: string[];
  rows: unknown[][];
}

/** The planner's statistics (sqlite_stat1 and sqlite_stat4, written by ANALYZE), which dropping a table deletes. */
function savedStatistics(db: Database.Database): Statistics[] {
  const present = db
    .prepare("SELECT name FROM sqlite_schema WHERE name IN ('sqlite_stat1', 'sqlite_stat4') ORDER BY name")
    .pluck()
    .all() as string[];
  return present.map((table) => {
    const read = db.prepare(`SELECT * FROM ${table}`).raw();
    return { table, columns: read.columns().map((c) => c.name), rows: read.all() as unknown[][] };
  });
}

/** Puts the statistics back and has the planner read them again. */
function restoreStatistics(db: Database.Database, saved: Statistics[]): void {
  for (const s of saved) {
    db.exec(`DELETE FROM ${s.table}`);
    const insert = db.prepare(
      `INSERT INTO ${s.table} (${s.columns.join(', ')}) VALUES (${s.columns.map(() => '?').join(', ')})`,
    );
    for (const row of s.rows) insert.run(row);
  }
  if (saved.length) db.exec('ANALYZE sqlite_schema');
}

/** Rebuilds every ordinary table as STRICT (runs inside the migration's transaction, foreign keys off). */
export function migration009(db: Database.Database): void {
  const tables = tablesToRebuild(db);
  for (const t of tables) assertStrictValues(db, VERSION, t);
  const { indexes, triggers, views } = indexesAndTriggers(db, tables);
  const stats = savedStatistics(db);
  // Triggers and views go first and come back last: a rename checks every trigger and view, and one naming a table
  // dropped a moment before (the browse_version triggers name browse_version, the episode delete trigger names
  // episode_text; a view of a later schema names its table) fails it.
  for (const trigger of triggers) db.exec(`DROP TRIGGER ${quoteName(trigger.name)}`);
  for (const view of views) db.exec(`DROP VIEW ${quoteName(view.name)}`);
  for (const t of tables) rebuildStrict(db, t);
  for (const sql of indexes) db.exec(sql);
  for (const view of views) db.exec(view.sql);
  for (const trigger of triggers) db.exec(trigger.sql);
  restoreStatistics(db, stats);
}
