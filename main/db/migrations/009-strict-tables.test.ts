import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase, ordinaryTables, type TableDump } from '../../../test-support/db-dump';
import { fixture } from '../../../test-support/fixtures';
import { playScenario, type Scenario } from '../../../test-support/studio-scenario';
import { dispatch } from '../../api/dispatch';
import { importPath } from '../../importers/import-path';
import { createServices, type Services } from '../../services/services';
import { openStudioServices } from '../../demo/studio-services';
import { migrate, openDatabase } from '../open';
import { migrations } from './index';
import { migration010 } from './010-hide-reference';
import { migration012 } from './012-aligned-turns';
import { migration014 } from './014-queue-item-design';
import { migration016 } from './016-study-browse-version';
import { migration018 } from './018-peaks-overview';
import { migration019 } from './019-imports-complete-in-place';

const dir = mkdtempSync(join(tmpdir(), 'earshot-migration-9-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clock = () => new Date('2026-01-02T03:04:05Z');
const upTo8 = migrations.filter((m) => m.version <= 8);
const upTo9 = migrations.filter((m) => m.version <= 9);

/** Calls a contract method; throws its error message when it fails. */
async function call<T>(s: Services, method: string, input: unknown): Promise<T> {
  const res = await dispatch(s, method, input);
  if (!res.ok) throw new Error(`${method}: ${res.error.message}`);
  return res.result as T;
}

/** What must not change apart from STRICT: columns, foreign keys, indexes, triggers, planner statistics. */
function schemaOf(db: Database.Database) {
  const objects = (type: string) =>
    db.prepare('SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = ? ORDER BY name').all(type) as {
      name: string;
      sql: string | null;
    }[];
  const tables = objects('table').map((t) => ({
    ...t,
    // The rebuilt table's text differs only in its quoted name and the STRICT at its end.
    sql: t.sql?.replace(/^CREATE TABLE "(\w+)"/, 'CREATE TABLE $1').replace(/(\)|WITHOUT ROWID),? STRICT$/, '$1'),
  }));
  const perTable = Object.fromEntries(
    ordinaryTables(db).map((t) => [
      t,
      {
        columns: db.pragma(`table_xinfo(${t})`),
        foreignKeys: db.pragma(`foreign_key_list(${t})`),
        indexes: (db.pragma(`index_list(${t})`) as { name: string }[])
          .map((i) => ({ ...i, columns: db.pragma(`index_xinfo(${i.name})`) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      },
    ]),
  );
  const stats = db.prepare('SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx').all();
  return { tables, indexes: objects('index'), triggers: objects('trigger'), perTable, stats };
}

const search = (s: Services, studyId: number, text: string) =>
  call<{ total: number; rows: { id: number }[] }>(s, 'episodes.query', { studyId, search: text }).then((p) =>
    p.rows.map((r) => r.id),
  );
/** The browse versions of every study together (migration 16 keeps one per study). */
const browseVersion = (db: Database.Database) =>
  db.prepare('SELECT coalesce(sum(n), 0) FROM study_browse_version').pluck().get() as number;

describe('migration 9 (STRICT tables) on a version 8 studio with rows in every table', () => {
  const file = join(dir, 'v8.sqlite');
  let scenario: Scenario;
  let before: TableDump[];
  let schemaBefore: ReturnType<typeof schemaOf>;
  let searchesBefore: number[][];
  let s: Services;

  beforeAll(async () => {
    // Today's code seeds the demo and plays the scenario, and it writes the columns migrations 10, 12, 14 and 18 add,
    // migration 19's episode_rows, and reads migration 16's per-study browse versions; migration 9 rebuilds each table from its own CREATE TABLE
    // text and puts the triggers back, so the columns, the table and its triggers travel with it.
    const raw = new Database(file);
    migrate(raw, upTo8, file);
    for (const later of [migration010, migration012, migration014, migration016, migration018, migration019]) {
      raw.exec(later);
    }
    raw.close();
    const v8 = await openStudioServices(file, { clock, migrations: upTo8 });
    scenario = await playScenario(v8, dir);
    expect(v8.db.pragma('user_version', { simple: true })).toBe(8);
    before = dumpDatabase(v8.db);
    schemaBefore = schemaOf(v8.db);
    searchesBefore = await Promise.all(
      ['order', 'refund', 'library OR policy'].map((q) => search(v8, scenario.demoStudyId, q)),
    );
    v8.db.close();
    s = await createServices(file, { clock, migrations: upTo9 });
  });
  afterAll(() => s.db.close());

  it('started from a row in every table', () => {
    expect(before.filter((t) => t.rows.length === 0).map((t) => t.table)).toEqual([]);
    expect(before.map((t) => t.table)).toEqual(
      expect.arrayContaining(['episode_rows', 'runs', 'judge_reveals', 'episode_text']),
    );
  });

  it('keeps every row, rowid, value and storage class', () => {
    expect(s.db.pragma('user_version', { simple: true })).toBe(9);
    const after = dumpDatabase(s.db);
    expect(after.map((t) => [t.table, t.rows.length])).toEqual(before.map((t) => [t.table, t.rows.length]));
    expect(after).toEqual(before);
  });

  it('declares every table STRICT except the FTS5 index and its shadow tables', () => {
    const list = s.db.pragma('table_list') as { schema: string; name: string; type: string; strict: number }[];
    const main = list.filter((t) => t.schema === 'main' && !t.name.startsWith('sqlite_'));
    expect(main.filter((t) => t.type === 'table' && !t.strict)).toEqual([]);
    expect(main.filter((t) => t.type === 'table')).toHaveLength(21);
    expect(main.filter((t) => t.strict && t.type !== 'table')).toEqual([]);
    expect(main.find((t) => t.name === 'episode_text')).toMatchObject({ type: 'virtual', strict: 0 });
  });

  it('keeps columns, defaults, constraints, foreign keys, indexes, triggers and planner statistics', () => {
    expect(schemaOf(s.db)).toEqual(schemaBefore);
  });

  it('refuses a value of the wrong type now', () => {
    const insert = (trial: unknown, duration: unknown) =>
      s.db
        .prepare(
          `INSERT INTO episode_rows (study_id, external_id, benchmark, content_hash, trial, duration_ms)
                  VALUES (?, 'typed', 'generic', 'h', ?, ?)`,
        )
        .run(scenario.demoStudyId, trial, duration);
    expect(() => insert('first', 10)).toThrow(/cannot store TEXT value in INTEGER column episode_rows\.trial/);
    expect(() => insert(0, 1.5)).toThrow(/cannot store REAL value in INTEGER column episode_rows\.duration_ms/);
    expect(() => s.db.prepare('UPDATE audio_assets SET peaks = ? WHERE id = 1').run('peaks')).toThrow(
      /cannot store TEXT value in BLOB column audio_assets\.peaks/,
    );
  });

  it('leaves no foreign key broken and enforces foreign keys again, with their actions', async () => {
    expect(s.db.pragma('foreign_key_check')).toEqual([]);
    expect(s.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() => s.db.prepare("INSERT INTO turns (episode_id, idx, speaker) VALUES (999999, 0, 'user')").run()).toThrow(
      /FOREIGN KEY/,
    );
    const [queue] = await call<{ id: number }[]>(s, 'queues.list', { studyId: scenario.demoStudyId });
    await call(s, 'queues.delete', { queueId: queue.id });
    expect(s.db.prepare('SELECT count(*) FROM queue_items').pluck().get()).toBe(0);
  });

  it('still fires its triggers: the browse version bumps, the label history stays append-only', async () => {
    const n = browseVersion(s.db);
    await importPath(s.db, fixture('vera', 'test_voice_episodes'), 'vera', { studyName: 'VERA again', now: clock() });
    expect(browseVersion(s.db)).toBeGreaterThan(n);
    expect(() => s.db.prepare("UPDATE label_history SET field = 'x'").run()).toThrow(/append-only/);
    expect(() => s.db.prepare('DELETE FROM label_history').run()).toThrow(/append-only/);
  });

  it('answers full-text searches as before, and forgets a deleted episode', async () => {
    const searches = await Promise.all(
      ['order', 'refund', 'library OR policy'].map((q) => search(s, scenario.demoStudyId, q)),
    );
    expect(searches).toEqual(searchesBefore);
    expect(searches[0].length).toBeGreaterThan(0);
    const [gone] = searches[0];
    const n = browseVersion(s.db);
    // No product function deletes an episode; the delete trigger and the cascade are checked with SQL.
    s.db.prepare('DELETE FROM episode_rows WHERE id = ?').run(gone);
    expect(await search(s, scenario.demoStudyId, 'order')).toEqual(searches[0].slice(1));
    expect(s.db.prepare('SELECT count(*) FROM turns WHERE episode_id = ?').pluck().get(gone)).toBe(0);
    expect(browseVersion(s.db)).toBeGreaterThan(n);
  });
});

describe('migration 9 when a stored value cannot be kept', () => {
  // What no product function writes: values of the wrong type, as an older build or another tool could have left.
  const cases = [
    ['turns', 'start_ms', "'soon'", /table turns, rowid \d+, column start_ms holds the text "soon"/],
    ['episode_rows', 'reward', "'high'", /table episode_rows, rowid \d+, column reward holds the text "high"/],
    [
      'episode_rows',
      'duration_ms',
      '2.5',
      /table episode_rows, rowid \d+, column duration_ms holds the real number 2\.5/,
    ],
    ['audio_assets', 'peaks', "'flat'", /table audio_assets, rowid \d+, column peaks holds the text "flat"/],
    [
      'episode_conditions',
      'value',
      "x'00ff'",
      new RegExp(
        'table episode_conditions, the row with primary key \\(key, value, episode_id\\) = \\(.+\\), ' +
          'column value holds a BLOB of 2 bytes',
      ),
    ],
  ] as const;

  it.each(cases)(
    'stops on %s.%s, naming table, row and column, and changes nothing',
    async (table, column, value, message) => {
      const file = join(dir, `refused-${table}-${column}.sqlite`);
      const v8 = new Database(file);
      migrate(v8, upTo8, file);
      // Today's importer stores each asset's overview (migration 18) and writes episode_rows, bumping per-study
      // browse versions (migrations 19 and 16); a version 8 studio has no aligned turns.
      for (const later of [migration016, migration018, migration019]) v8.exec(later);
      await importPath(v8, fixture('vera', 'test_voice_episodes'), 'vera', { now: clock() }, { align: false });
      const target = table === 'episode_conditions' ? 'episode_id' : 'rowid';
      v8.exec(`UPDATE ${table} SET ${column} = ${value} WHERE ${target} = (SELECT max(${target}) FROM ${table})`);
      const rows = dumpDatabase(v8);
      v8.close();

      expect(() => openDatabase(file)).toThrow(message);
      expect(() => openDatabase(file)).toThrow(/nothing was changed/);
      const after = new Database(file);
      expect(after.pragma('user_version', { simple: true })).toBe(8);
      expect(dumpDatabase(after)).toEqual(rows);
      // study_browse_version, which migration 16 made STRICT from the start, aside
      const tables = after.pragma('table_list') as { name: string; strict: number }[];
      expect(tables.filter((t) => t.strict).map((t) => t.name)).toEqual(['study_browse_version']);
      after.close();
    },
  );
});
