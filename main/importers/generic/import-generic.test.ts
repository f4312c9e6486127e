/** A generic JSONL is written as it is read: chunks reach the database before the file ends, all or nothing still. */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../../test-support/temp-services';
import { removeTempDirs, tempDir, writeFiles } from '../../../test-support/temp-files';
import { listStudies } from '../../db/studies';
import { ImportError } from '../batch';
import { importPath } from '../import-path';

afterAll(removeTempDirs);
let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

const now = new Date('2026-01-02T03:04:05Z');
const episode = (i: number) => JSON.stringify({ schema: 'earshot-episode-v1', id: `e${i}`, turns: [] });
const episodeRows = () => t.services.db.prepare('SELECT count(*) FROM episodes').pluck().get() as number;

describe('a generic JSONL import', () => {
  it('writes its first episodes before the file has ended, and leaves nothing when a later line is bad', async () => {
    const fifo = join(tempDir(), 'calls.jsonl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const lines = Array.from({ length: 300 }, (_, i) => episode(i)).join('\n');
    // 300 good lines, then (2 s later) a bad one, then the pipe held open: a reader of the whole file would still wait
    const bad = `printf '{"schema":"earshot-episode-v1"}\\n'`;
    const script = `exec > "$1"; printf '%s\\n' "$0"; sleep 2; ${bad}; exec sleep 60`;
    const writer = spawn('sh', ['-c', script, lines, fifo], { stdio: 'ignore' });
    const written: number[] = [];
    try {
      const failure = await importPath(t.services.db, fifo, 'generic', {
        now,
        onProgress: (done) => written.push(done),
      }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(ImportError);
      expect((failure as ImportError).record).toBe('line 301');
      expect(writer.exitCode).toBeNull();
      expect(Math.max(...written)).toBeGreaterThan(0);
    } finally {
      writer.kill();
    }
    expect(listStudies(t.services.db)).toEqual([]);
    expect(episodeRows()).toBe(0);
  });

  it('imports every episode of a file longer than one chunk, in file order', async () => {
    const lines = Array.from({ length: 700 }, (_, i) => episode(i)).join('\n');
    const file = join(writeFiles(tempDir(), { 'calls.jsonl': lines }), 'calls.jsonl');
    const summary = await importPath(t.services.db, file, 'generic', { now });
    expect(summary).toMatchObject({ episodes: 700, study: { name: 'calls' } });
    const ids = t.services.db.prepare('SELECT external_id FROM episodes ORDER BY id').pluck().all();
    expect(ids).toEqual(Array.from({ length: 700 }, (_, i) => `e${i}`));
  });
});
