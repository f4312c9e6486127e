import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTau2Run, type GeneratedRun } from '../../../bench/gen/tau2-run';
import { openDatabase, type Db } from '../../db/open';
import { writeBatch } from '../write-batch';
import { ChunkPipeline } from '../chunk-pipeline';
import { chunkCount, CHUNK_SIMULATIONS, readSimulationChunk, type SimulationChunk } from './simulation-chunk';
import { importTau2, TAU2_CHUNK_WORKER } from './import-tau2';
import { planTau2Run } from './run-plan';
import { readTau2 } from './read-tau2';

const now = new Date('2026-07-01T00:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'earshot-import-tau2-'));
let run: GeneratedRun;
let databases = 0;
beforeAll(() => {
  // enough simulations for several chunks, with some audio and a discarded one
  run = writeTau2Run(join(dir, 'run'), CHUNK_SIMULATIONS * 5 + 17, 11);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const freshDb = (): Db => openDatabase(join(dir, `db-${databases++}.sqlite`));

/** Every row the import writes, table by table (the full-text index by what a search finds). */
function dump(db: Db) {
  const all = (sql: string) => db.prepare(sql).raw().all();
  return {
    studies: all('SELECT id, name, benchmark, description, info FROM studies ORDER BY id'),
    episodes: all('SELECT * FROM episodes ORDER BY id'),
    turns: all('SELECT * FROM turns ORDER BY id'),
    judgements: all('SELECT * FROM judgements ORDER BY id'),
    conditions: all('SELECT * FROM episode_conditions ORDER BY episode_id, key'),
    audio: all('SELECT * FROM audio_assets ORDER BY id'),
    links: all('SELECT * FROM episode_audio ORDER BY episode_id, asset_id'),
    imports: all('SELECT study_id, format, source, content_hash FROM imports ORDER BY id'),
    search: ['flight', 'refund', 'cancel*', '"user id"'].map((q) => all(`SELECT rowid FROM episode_text WHERE episode_text MATCH '${q.replace(/'/g, "''")}' ORDER BY rowid`)),
  };
}

const counts = (db: Db) => db.prepare('SELECT (SELECT count(*) FROM studies), (SELECT count(*) FROM episodes), (SELECT count(*) FROM turns), (SELECT count(*) FROM audio_assets)').raw().get();

describe('importTau2 (chunks read on worker threads while the writer inserts)', () => {
  it('writes exactly what reading the whole run and then writing it writes, with 0, 1 or 2 worker threads', async () => {
    const reference = freshDb();
    const expected = await writeBatch(reference, await readTau2(run.dir), { now });
    expect(expected.episodes + expected.skipped).toBe(run.simulations);
    expect(expected.skipped).toBe(run.discarded);
    expect(expected.audio).toBeGreaterThan(0);
    const want = dump(reference);
    for (const threads of [0, 1, 2]) {
      const db = freshDb();
      const summary = await importTau2(db, run.dir, { now, threads });
      expect(summary).toEqual(expected);
      expect(dump(db)).toEqual(want);
    }
  });

  it('gets the same chunks from a worker thread as from this one', () => {
    const plan = planTau2Run(run.dir);
    const count = chunkCount(plan);
    const here = Array.from({ length: count }, (_, i) => readSimulationChunk(plan, i));
    let producedHere = 0;
    const pipeline = new ChunkPipeline<SimulationChunk, unknown>({
      count,
      // slow here, so the worker produces most chunks
      produce: (i) => {
        producedHere++;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
        return readSimulationChunk(plan, i);
      },
      workers: 1,
      entry: TAU2_CHUNK_WORKER,
      data: { path: run.dir, files: plan.simulations.map((s) => s.file) },
    });
    try {
      expect([...pipeline.chunks()]).toEqual(here);
    } finally {
      pipeline.close();
    }
    expect(producedHere).toBeLessThan(count);
    expect(here.flatMap((c) => c.audio).length).toBeGreaterThan(0);
  });

  it('changes nothing when the same run is imported again', async () => {
    const db = freshDb();
    await importTau2(db, run.dir, { now, threads: 1 });
    const before = dump(db);
    const again = await importTau2(db, run.dir, { now, threads: 1 });
    expect(again.unchanged).toBe(true);
    expect(dump(db)).toEqual(before);
  });

  it('refuses a garbled simulation in a late chunk, naming its file and record, and writes nothing', async () => {
    const broken = join(dir, 'broken');
    const copy = writeTau2Run(broken, CHUNK_SIMULATIONS * 5, 11);
    const names = readdirSync(join(copy.dir, 'simulations')).sort();
    const victim = names[CHUNK_SIMULATIONS * 4 + 3];
    writeFileSync(join(copy.dir, 'simulations', victim), '{"id": "truncated", "task_id": "1", "ticks": [');
    const db = freshDb();
    await expect(importTau2(db, copy.dir, { now, threads: 1 })).rejects.toThrow(`simulations/${victim}: file: (json): not valid JSON`);
    expect(counts(db)).toEqual([0, 0, 0, 0]);
  });

  it('refuses a simulation id that comes back in a later chunk, naming the later file', async () => {
    const twice = join(dir, 'twice');
    const copy = writeTau2Run(twice, CHUNK_SIMULATIONS * 5, 11);
    const first = readdirSync(join(copy.dir, 'simulations')).sort()[0];
    copyFileSync(join(copy.dir, 'simulations', first), join(copy.dir, 'simulations', 'zzz-copy.json'));
    const db = freshDb();
    await expect(importTau2(db, copy.dir, { now, threads: 1 })).rejects.toThrow(/simulations\/zzz-copy\.json: simulation \d+ \(id "[^"]+"\): id: the same simulation id appears twice in the run/);
    expect(counts(db)).toEqual([0, 0, 0, 0]);
  });
});
