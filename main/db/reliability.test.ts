/**
 * Reliability with real processes on one database file: studios saving labels and imports running beside them, ended
 * with kill -9 (SIGKILL) at chosen and random moments. What must hold: every label a studio acknowledged is there;
 * an import is there wholly or not at all, for readers before any clean-up and in the tables after the next open;
 * and no save is refused while an import runs. EARSHOT_KILL_TRIALS raises the number of kill trials (default 6).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTau2Run, type GeneratedRun } from '../../bench/gen/tau2-run';
import { makeAnnotators, makeStudy } from '../../test-support/annotation-study';
import { Child } from '../../test-support/reliability/child';
import { getEpisodeLabels } from '../annotation/labels';
import { listHistory } from '../annotation/history';
import { openDatabase, type Db } from './open';
import { pendingImports } from './imports';
import { findStudy, listStudies } from './studies';

const TRIALS = Number(process.env.EARSHOT_KILL_TRIALS ?? 6);
const SAVER = 'test-support/reliability/saver.ts';
const IMPORTER = 'test-support/reliability/importer.ts';

const dir = mkdtempSync(join(tmpdir(), 'earshot-reliability-'));
const file = join(dir, 'studio.sqlite');
let run: GeneratedRun;
let episodes: number[];
let annotators: number[];
let expectedEpisodes: number;

beforeAll(async () => {
  run = writeTau2Run(join(dir, 'run'), 700, 5);
  expectedEpisodes = run.simulations - run.discarded;
  const db = openDatabase(file);
  const study = await makeStudy(
    db,
    'Labelled',
    'tau-elicitation',
    Array.from({ length: 12 }, (_, i) => ({ id: `call-${i}` })),
  );
  episodes = Object.values(study.ids);
  annotators = makeAnnotators(db, ['Ana', 'Ben']);
  db.close();
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const saver = (annotatorId: number, firstSeq: number) =>
  new Child(SAVER, [file, String(annotatorId), episodes.join(','), String(firstSeq)]);

/** A saver's acknowledged saves that the database does not hold (its value, or its entry in the history). */
function lostSaves(db: Db, annotatorId: number, lines: readonly string[]): { acked: number; lost: string[] } {
  const tried = new Map<number, number>();
  const acked = new Map<number, number>();
  for (const line of lines) {
    const [kind, seq, episode] = line.split(' ');
    if (kind === 'try') tried.set(Number(seq), Number(episode));
    if (kind === 'ack') acked.set(Number(seq), Number(episode));
  }
  const lost: string[] = [];
  for (const episodeId of new Set(acked.values())) {
    const ackedHere = [...acked].filter(([, e]) => e === episodeId).map(([s]) => s);
    const last = Math.max(...ackedHere);
    // the save in flight when the process died may have committed too, never one before the last acknowledged
    const allowed = [last, ...[...tried].filter(([s, e]) => e === episodeId && s > last).map(([s]) => s)];
    const value = getEpisodeLabels(db, episodeId, annotatorId).values.first_error_ms;
    if (!allowed.includes(value as number)) lost.push(`episode ${episodeId}: ${String(value)}, acknowledged ${last}`);
    const history = new Set(listHistory(db, episodeId, annotatorId).map((h) => h.newValue));
    for (const seq of ackedHere) if (!history.has(seq)) lost.push(`episode ${episodeId}: no history of ${seq}`);
  }
  return { acked: acked.size, lost };
}

/** Rows the import left that belong to no study a reader can see, or audio no episode links. */
function leftovers(db: Db): number[] {
  const visible = JSON.stringify(listStudies(db).map((s) => s.id));
  const count = (sql: string, ...args: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .get(...args) as number;
  return [
    count('SELECT count(*) FROM studies WHERE id NOT IN (SELECT value FROM json_each(?))', visible),
    count('SELECT count(*) FROM episodes WHERE study_id NOT IN (SELECT value FROM json_each(?))', visible),
    count('SELECT count(*) FROM audio_assets WHERE id NOT IN (SELECT asset_id FROM episode_audio)'),
    pendingImports(db).length,
  ];
}

describe('kill -9 during label saves and an import', () => {
  it(
    `keeps every acknowledged label and finds the import wholly present or wholly absent (${TRIALS} trials)`,
    async () => {
      const outcomes: string[] = [];
      let acknowledged = 0;
      for (let trial = 0; trial < TRIALS; trial++) {
        const study = `run ${trial}`;
        const labels = saver(annotators[trial % 2], trial * 1_000_000);
        const importer = new Child(IMPORTER, [file, run.dir, 'tau2', study]);
        await Promise.all([labels.waitFor((l) => l === 'ready'), importer.waitFor((l) => l === 'ready')]);
        // while it writes (after a few chunks), at a random moment, or after it completed
        const moment = trial % 3;
        if (moment === 0) await importer.waitFor((l) => l.startsWith('progress') && Number(l.split(' ')[1]) > 0);
        if (moment === 1) await new Promise((r) => setTimeout(r, Math.random() * 3000));
        if (moment === 2) await importer.waitFor((l) => l.startsWith('done'));
        await Promise.all([labels.kill(), importer.kill()]);

        // readers on a connection that sweeps nothing: the study is absent or has every episode
        const raw = new Database(file);
        const found = findStudy(raw, study);
        raw.close();
        expect(found === null || found.episodeCount === expectedEpisodes, `${study}: ${found?.episodeCount}`).toBe(
          true,
        );
        if (moment === 2) expect(found?.episodeCount).toBe(expectedEpisodes);
        outcomes.push(found ? 'present' : 'absent');

        const db = openDatabase(file);
        const { acked, lost } = lostSaves(db, annotators[trial % 2], labels.lines);
        acknowledged += acked;
        expect(lost).toEqual([]);
        expect(leftovers(db)).toEqual([0, 0, 0, 0]);
        db.close();
      }
      expect(outcomes).toContain('present');
      expect(outcomes).toContain('absent');
      expect(acknowledged).toBeGreaterThan(TRIALS);
    },
    60_000 + TRIALS * 30_000,
  );
});

describe('two studios and a CLI import on one database', () => {
  it('saves every label of both studios while `earshot import` runs: 0 lost, 0 refused', async () => {
    const studios = [saver(annotators[0], 50_000_000), saver(annotators[1], 60_000_000)];
    await Promise.all(studios.map((s) => s.waitFor((l) => l === 'ready')));
    const cli = new Child('bin/earshot.mjs', ['import', run.dir, '--db', file, '--study', 'CLI run', '--json'], true);
    const { code } = await cli.exited;
    expect(code, cli.errors).toBe(0);
    for (const s of studios) s.tell('stop');
    await Promise.all(studios.map((s) => s.waitFor((l) => l === 'end')));

    const db = openDatabase(file);
    for (const [i, s] of studios.entries()) {
      const { acked, lost } = lostSaves(db, annotators[i], s.lines);
      expect(lost).toEqual([]);
      expect(s.lines.filter((l) => l.startsWith('refused'))).toEqual([]);
      expect(acked).toBeGreaterThan(10);
    }
    expect(findStudy(db, 'CLI run')?.episodeCount).toBe(expectedEpisodes);
    expect(leftovers(db)).toEqual([0, 0, 0, 0]);
    db.close();
  }, 180_000);
});
