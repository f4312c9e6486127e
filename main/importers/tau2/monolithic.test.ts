import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTau2Run, type GeneratedRun } from '../../../bench/gen/tau2-run';
import { dumpDatabase } from '../../../test-support/db-dump';
import { fixture } from '../../../test-support/fixtures';
import { removeTempDirs, tempDir } from '../../../test-support/temp-files';
import { openDatabase, type Db } from '../../db/open';
import { ImportError } from '../batch';
import { MAX_FIELD_CHARS, MAX_JSON_DEPTH, MAX_TURN_TEXT_CHARS } from '../limits';
import { importTau2 } from './import-tau2';
import { readSimulations } from './read-simulations';
import { planTau2Run, runContext } from './run-plan';
import { CHUNK_SIMULATIONS } from './simulation-chunk';

const now = new Date('2026-07-01T00:00:00Z');
const dir = tempDir('earshot-monolithic-');
let databases = 0;
const freshDb = (): Db => openDatabase(join(dir, `db-${databases++}.sqlite`));
afterAll(removeTempDirs, 120_000);

/** The simulations of a run folder as the texts of their files, in the order the folder layout reads them. */
const simulationTexts = (run: string): string[] =>
  readdirSync(join(run, 'simulations'))
    .sort()
    .map((name) => readFileSync(join(run, 'simulations', name), 'utf8'));

/**
 * Writes the run folder `run` as one results file at `<into>/<folder name>/results.json`, as tau2-bench writes a
 * monolithic run: its results.json's fields with `simulations` in the middle and `tasks` after it, and its artifacts
 * beside it. `sims` replaces the simulations' texts (to break one).
 */
function monolithic(run: string, into: string, sims: (string | Buffer)[] = simulationTexts(run)): string {
  const folder = join(into, run.split('/').at(-1)!);
  mkdirSync(folder, { recursive: true });
  const { tasks, ...head } = JSON.parse(readFileSync(join(run, 'results.json'), 'utf8')) as Record<string, unknown>;
  const parts: (string | Buffer)[] = [`${JSON.stringify(head).slice(0, -1)},\n"simulations": [\n`];
  sims.forEach((s, i) => parts.push(i ? ',\n' : '', s));
  parts.push(`\n],\n"tasks": ${JSON.stringify(tasks)}}\n`);
  cpSync(join(run, 'artifacts'), join(folder, 'artifacts'), { recursive: true, errorOnExist: false, force: true });
  const file = join(folder, 'results.json');
  writeFileSync(file, Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))));
  return file;
}

/** Every table of `db`, with `paths` (another import's folder and file) written as the folder run's. */
function dumpAs(db: Db, paths: [from: string, to: string][]): string {
  let text = JSON.stringify(dumpDatabase(db));
  for (const [from, to] of paths) text = text.split(from).join(to);
  return text;
}

const counts = (db: Db) =>
  db
    .prepare('SELECT (SELECT count(*) FROM studies), (SELECT count(*) FROM episodes), (SELECT count(*) FROM turns)')
    .raw()
    .get();

async function refused(file: string): Promise<ImportError> {
  const db = freshDb();
  const err = await importTau2(db, file, { now, threads: 0 }).then(
    () => new Error('imported'),
    (e: unknown) => e,
  );
  expect(counts(db)).toEqual([0, 0, 0]);
  if (!(err instanceof ImportError)) throw err;
  return err;
}

describe('a monolithic results.json, read one simulation at a time', { timeout: 120_000 }, () => {
  let run: GeneratedRun;
  let texts: string[];
  beforeAll(() => {
    run = writeTau2Run(join(dir, 'run'), 2000, 5);
    texts = simulationTexts(run.dir);
  }, 120_000);

  it('imports a run of 2,000 simulations (tasks after them) into the same rows as the run folder', async () => {
    const folderDb = freshDb();
    const expected = await importTau2(folderDb, run.dir, { now, threads: 0 });
    expect(expected.episodes + expected.skipped).toBe(2000);
    const file = monolithic(run.dir, join(dir, 'mono'), texts);
    const db = freshDb();
    expect(await importTau2(db, file, { now })).toEqual(expected);
    const folder = file.slice(0, -'/results.json'.length);
    expect(
      dumpAs(db, [
        [file, run.dir],
        [folder, run.dir],
      ]),
    ).toEqual(dumpAs(folderDb, []));
  }, 240_000);

  it('imports the fixture run as one file into the same rows as its folder', async () => {
    const source = fixture('tau2-voice', 'experiment');
    const folderDb = freshDb();
    const expected = await importTau2(folderDb, source, { now });
    expect(expected.episodes).toBe(3);
    const folder = join(dir, 'fixture', 'experiment');
    mkdirSync(folder, { recursive: true });
    const { tasks, ...head } = JSON.parse(readFileSync(join(source, 'results.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const sims = simulationTexts(source).join(',');
    writeFileSync(
      join(folder, 'results.json'),
      `${JSON.stringify(head).slice(0, -1)},"simulations":[${sims}],"tasks":${JSON.stringify(tasks)}}`,
    );
    const db = freshDb();
    expect(await importTau2(db, join(folder, 'results.json'), { now })).toEqual(expected);
    expect(dumpAs(db, [[join(folder, 'results.json'), source]])).toEqual(dumpAs(folderDb, []));
  });

  it('holds no simulation after planning, and loads each only when the reader comes to it', () => {
    const plan = planTau2Run(monolithic(run.dir, join(dir, 'lazy'), texts.slice(0, 300)));
    expect(plan.meta.simulations).toEqual([]);
    expect(plan.simulations).toHaveLength(300);
    let loaded = 0;
    let most = 0;
    let yielded = 0;
    for (const s of plan.simulations) {
      const load = s.load;
      s.load = () => {
        loaded++;
        return load();
      };
    }
    for (const sim of readSimulations(
      plan,
      runContext(plan, () => undefined),
      0,
      300,
    )) {
      yielded++;
      most = Math.max(most, loaded - yielded + 1);
      expect(sim.file).toBe('results.json');
    }
    expect([yielded, loaded, most]).toEqual([300, 300, 1]);
  });

  describe('refuses a broken simulation late in the file by file, simulation and field, writing nothing', () => {
    // the fault lies in the fourth chunk, after the writer has written the first three
    const late = CHUNK_SIMULATIONS * 3 + 5;
    const broken = (edit: (text: string) => string | Buffer) =>
      monolithic(
        run.dir,
        tempDir('earshot-monolithic-broken-'),
        texts.slice(0, late + 20).map((t, i) => (i === late ? edit(t) : t)),
      );
    const id = () => (JSON.parse(texts[late]) as { id: string }).id;
    const record = () => `simulation ${late + 1} (id "${id()}")`;
    /** The simulation's text with `field` added after its id. */
    const withField = (text: string, field: string | Buffer) => {
      const after = text.indexOf(',') + 1; // the generator writes the id first: {"id":"…",
      return Buffer.concat([
        Buffer.from(`${text.slice(0, after)}"note":`),
        Buffer.from(field),
        Buffer.from(`,${text.slice(after)}`),
      ]);
    };

    it('JSON that does not parse (found when the simulation is read, after three chunks were written)', async () => {
      const err = await refused(broken((t) => t.replace(',"task_id"', ',,"task_id"')));
      expect([err.file, err.record, err.field]).toEqual(['results.json', record(), '(json)']);
      expect(err.problem).toMatch(/^not valid JSON \(.*; it starts at byte [\d,]+ of the file\)$/);
    });

    it('nesting past the limit', async () => {
      const bomb = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
      const err = await refused(broken((t) => withField(t, bomb)));
      expect([err.file, err.record, err.field]).toEqual(['results.json', record(), `note${'[0]'.repeat(7)}…`]);
    });

    it('a string past the field limit, and a turn past the turn limit', async () => {
      const huge = await refused(broken((t) => withField(t, `"${'x'.repeat(MAX_FIELD_CHARS + 1)}"`)));
      expect([huge.record, huge.field]).toEqual([record(), 'note']);
      // a half-duplex simulation: its first message's content becomes one turn's text
      const half = texts.findIndex((t, i) => i > late && t.includes('"messages"'));
      const long = 'y'.repeat(MAX_TURN_TEXT_CHARS + 1);
      const file = monolithic(
        run.dir,
        tempDir('earshot-monolithic-broken-'),
        texts
          .slice(0, half + 1)
          .map((t, i) => (i === half ? t.replace(/"content":"[^"]*"/, `"content":"${long}"`) : t)),
      );
      const turn = await refused(file);
      expect(turn.record).toBe(`simulation ${half + 1} (id "${(JSON.parse(texts[half]) as { id: string }).id}")`);
      expect(turn.field).toMatch(/^turns\[\d+\]\.text$/);
      expect(turn.problem).toMatch(
        `${MAX_TURN_TEXT_CHARS + 1} characters of text, more than the ${MAX_TURN_TEXT_CHARS}`,
      );
    });

    it('invalid UTF-8, with its byte offset', async () => {
      const file = broken((t) => withField(t, Buffer.from([0x22, 0x63, 0x61, 0x66, 0xc3, 0x28, 0x22])));
      const at = readFileSync(file).indexOf(Buffer.from([0xc3, 0x28]));
      const err = await refused(file);
      expect([err.file, err.record, err.field]).toEqual(['results.json', record(), 'note']);
      expect(err.problem).toMatch(`invalid UTF-8 at byte ${at.toLocaleString('en-US')} of the file (c3 28 22 2c)`);
    });

    it('a file cut short inside a simulation', async () => {
      const whole = readFileSync(broken((t) => t));
      const cut = whole.indexOf(Buffer.from(texts[late])) + 1000;
      const file = join(tempDir('earshot-monolithic-cut-'), 'results.json');
      writeFileSync(file, whole.subarray(0, cut));
      const err = await refused(file);
      expect([err.file, err.record]).toEqual(['results.json', record()]);
      expect(err.problem).toBe(
        `the file ends at byte ${cut.toLocaleString('en-US')}, inside the document: it is cut short (truncated)`,
      );
    });
  });
});
