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
