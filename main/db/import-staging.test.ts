import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import type { BatchEpisode, ImportBatch } from '../importers/batch';
import { prepareEpisode } from '../importers/prepared-episode';
import { writeEpisodeChunks } from '../importers/write-batch';
import { openDatabase, type Db } from './open';
import { pendingImports } from './imports';
import { sweepAbandonedImports } from './import-staging';
import { listStudies } from './studies';
import { queryEpisodes } from './episode-query';

let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

const ep = (externalId: string): BatchEpisode => ({
  externalId,
  system: 's',
  task: 't',
  trial: 0,
  condition: { noise: 'low' },
  outcome: 'pass',
  reward: 1,
  durationMs: 1000,
  info: {},
  turns: [{ speaker: 'user', startMs: 0, endMs: 500, text: `hello ${externalId}` }],
  audio: [],
  judgements: [{ judgeId: 'j', label: 'pass' }],
  annotations: [],
});
const batch: ImportBatch = {
  format: 'generic',
  benchmark: 'generic',
  studyName: 'S',
  studyInfo: {},
  source: 'test',
  episodes: [ep('e1'), ep('e2')],
  skipped: 0,
  warnings: [],
};

const count = (db: Db, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
/** A process id no process has any more. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/**
 * Runs an import of two chunks and, between them, `meanwhile` on another connection; resolves with the import's
 * error message (or 'completed').
 */
async function importAround(meanwhile: (other: Db) => void): Promise<string> {
  const [e1, e2] = batch.episodes.map(prepareEpisode);
  function* chunks() {
    yield [e1];
    const other = openDatabase(t.dbPath);
    try {
      meanwhile(other);
    } finally {
      other.close();
    }
    yield [e2];
  }
  return writeEpisodeChunks(t.services.db, batch, new Map(), chunks(), { now: new Date() }).then(
    () => 'completed',
    (err: Error) => err.message,
  );
}

describe('imports left by a process that died', () => {
  it('are deleted with all their rows at the next open; the import, should it still run, then fails', async () => {
    const seen: number[] = [];
    const outcome = await importAround((other) => {
      seen.push(count(other, 'episodes'));
      // the import's process is gone, as after kill -9 (only its record says which process it was)
      other
        .prepare("UPDATE imports SET content_hash = ? WHERE content_hash GLOB 'pending:*'")
        .run(`pending:${deadPid()}@${hostname()}:y`);
      const reopened = openDatabase(t.dbPath);
      seen.push(count(reopened, 'episodes'), count(reopened, 'studies'), pendingImports(reopened).length);
      reopened.close();
    });
    expect(seen).toEqual([1, 0, 0, 0]);
    expect(outcome).toMatch(/removed as abandoned/);
    expect([count(t.services.db, 'episodes'), count(t.services.db, 'turns'), count(t.services.db, 'imports')]).toEqual([
      0, 0, 0,
    ]);
  });

  it('keep an import whose process lives; delete one silent for more than ten minutes', async () => {
    const kept: number[] = [];
    expect(
      await importAround((other) => {
        kept.push(sweepAbandonedImports(other), count(other, 'episodes'));
      }),
    ).toBe('completed');
    expect(kept).toEqual([0, 1]);
    expect(count(t.services.db, 'episodes')).toBe(2);

    const stale: number[] = [];
    const outcome = await importAround((other) => {
      const longAgo = new Date(Date.now() - 11 * 60_000).toISOString();
      other.prepare("UPDATE imports SET imported_at = ? WHERE content_hash GLOB 'pending:*'").run(longAgo);
      stale.push(sweepAbandonedImports(other), count(other, 'episodes'));
    });
    expect(stale).toEqual([1, 2]);
    expect(outcome).toMatch(/removed as abandoned/);
  });
});

describe('an import into an existing study', () => {
  /** Imports e0 into S first, so that the import of e1 and e2 around `meanwhile` goes into an existing study. */
  async function intoExisting(meanwhile: (other: Db) => void): Promise<string> {
    await writeEpisodeChunks(t.services.db, batch, new Map(), [[prepareEpisode(ep('e0'))]], { now: new Date() });
    return importAround(meanwhile);
  }
  const studyRows = (db: Db) =>
    db
      .prepare(
        `SELECT external_id, import_id IS NOT NULL FROM episode_rows
         WHERE study_id = (SELECT id FROM studies WHERE name = 'S') ORDER BY id`,
      )
      .raw()
      .all();

  it('writes into the study, hidden from every reader until it completes, which moves no row', async () => {
    const seen: unknown[] = [];
    const outcome = await intoExisting((other) => {
      const [s] = listStudies(other);
      seen.push(
        listStudies(other).map((st) => [st.name, st.episodeCount]),
        queryEpisodes(other, { studyId: s.id, offset: 0, limit: 10 }).rows.map((r) => r.externalId),
        queryEpisodes(other, { studyId: s.id, offset: 0, limit: 10, search: 'hello' }).total,
        count(other, 'episodes'),
        studyRows(other),
      );
    });
    expect(outcome).toBe('completed');
    // e1 is written into S already, marked as the import's: no reader sees it, and completing moves nothing
    expect(seen).toEqual([[['S', 1]], ['e0'], 1, 1, [['e0', 0], ['e1', 1]]]);
    const db = t.services.db;
    const [s] = listStudies(db);
    expect([s.name, s.episodeCount]).toEqual(['S', 3]);
    expect(queryEpisodes(db, { studyId: s.id, offset: 0, limit: 10, search: 'hello' }).total).toBe(3);
    expect(studyRows(db)).toEqual([['e0', 0], ['e1', 1], ['e2', 1]]);
    expect([count(db, 'studies'), pendingImports(db).length]).toEqual([1, 0]);
  });

  it('deletes what it wrote into the study when it fails, and leaves the study as it was', async () => {
    const db = t.services.db;
    await writeEpisodeChunks(db, batch, new Map(), [[prepareEpisode(ep('e0'))]], { now: new Date() });
    function* failing() {
      yield [prepareEpisode(ep('e1'))];
      throw new Error('the source broke');
    }
    await expect(writeEpisodeChunks(db, batch, new Map(), failing(), { now: new Date() })).rejects.toThrow(/broke/);
    expect(studyRows(db)).toEqual([['e0', 0]]);
    expect([count(db, 'turns'), count(db, 'studies'), pendingImports(db).length]).toEqual([1, 1, 0]);
  });

  it('is deleted at the next open when its process died, and the import, should it still run, then fails', async () => {
    const seen: unknown[] = [];
    const outcome = await intoExisting((other) => {
      other
        .prepare("UPDATE imports SET content_hash = ? WHERE content_hash GLOB 'pending:*'")
        .run(`pending:${deadPid()}@${hostname()}:y`);
      const reopened = openDatabase(t.dbPath);
      seen.push(studyRows(reopened), count(reopened, 'turns'), pendingImports(reopened).length);
      reopened.close();
    });
    expect(seen).toEqual([[['e0', 0]], 1, 0]);
    expect(outcome).toMatch(/removed as abandoned/);
    expect(studyRows(t.services.db)).toEqual([['e0', 0]]);
  });

  it('refuses as a conflict another import writing the same ids into the study, and a study deleted meanwhile', async () => {
    const same = await intoExisting((other) => {
      const s = listStudies(other)[0];
      other
        .prepare(
          `INSERT INTO episode_rows (study_id, external_id, benchmark, content_hash, import_id)
           VALUES (?, 'e2', 'generic', 'h', (SELECT max(id) FROM imports))`,
        )
        .run(s.id);
    });
    expect(same).toMatch(/"S": another import is adding episodes with the same ids/);
    const gone = await importAround((other) => other.prepare("DELETE FROM studies WHERE name = 'S'").run());
    expect(gone).toMatch(/"S": the study was deleted during the import/);
    expect(count(t.services.db, 'episode_rows')).toBe(0);
  });
});
