/** A τ-Elicitation archive is written as it is read: calls reach the database before a transcript ends. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { TAU_ELICITATION } from '../../../test-support/fixture-counts';
import { tempServices, type TempServices } from '../../../test-support/temp-services';
import { removeTempDirs, tempDir } from '../../../test-support/temp-files';
import { listStudies } from '../../db/studies';
import { ImportError } from '../batch';
import { importPath } from '../import-path';
import { readTauElicitation } from './read-tau-elicitation';

afterAll(removeTempDirs);
let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

const now = new Date('2026-01-02T03:04:05Z');
const rows = (sql: string) => t.services.db.prepare(sql).pluck().get() as number;
const transcript = (name: string) =>
  readFileSync(fixture('tau-elicitation', 'transcripts', `main_runs__modeb_gemini_high_${name}_2026-09-02.jsonl`), 'utf8');

describe('a τ-Elicitation archive import', () => {
  it('writes its first calls before a transcripts file has ended, and leaves nothing when a later line is bad', async () => {
    const archive = tempDir();
    mkdirSync(join(archive, 'transcripts'));
    const fifo = join(archive, 'transcripts', 'calls.jsonl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // 400 good calls, then (2 s later) a call without its fields, then the pipe held open: a whole-file reader waits
    const good = join(tempDir(), 'good.jsonl');
    writeFileSync(good, transcript('chanheavy') + transcript('regular'));
    expect(readFileSync(good, 'utf8').trimEnd().split('\n')).toHaveLength(400);
    const script = `exec > "$1"; cat "$0"; sleep 2; printf '{"cell":"x"}\\n'; exec sleep 60`;
    const writer = spawn('sh', ['-c', script, good, fifo], { stdio: 'ignore' });
    const written: number[] = [];
    try {
      const failure = await importPath(
        t.services.db,
        archive,
        'tau-elicitation',
        { now, onProgress: (done) => written.push(done) },
        { align: false },
      ).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(ImportError);
      expect((failure as ImportError).file).toBe('transcripts/calls.jsonl');
      expect((failure as ImportError).record).toBe('line 401');
      expect(writer.exitCode).toBeNull();
      expect(Math.max(...written)).toBeGreaterThan(0);
    } finally {
      writer.kill();
    }
    expect(listStudies(t.services.db)).toEqual([]);
    expect(rows('SELECT count(*) FROM episodes')).toBe(0);
  });

  it('writes the fixture archive as the whole-batch reader reads it: calls, examples, validated calls and joins', async () => {
    const batch = await readTauElicitation(fixture('tau-elicitation'));
    const summary = await importPath(t.services.db, fixture('tau-elicitation'), 'tau-elicitation', { now }, { align: false });
    expect(summary.episodes).toBe(TAU_ELICITATION.episodes);
    expect(summary).toMatchObject({
      turns: batch.episodes.reduce((n, e) => n + e.turns.length, 0),
      audio: batch.episodes.reduce((n, e) => n + e.audio.length, 0),
      judgements: batch.episodes.reduce((n, e) => n + e.judgements.length, 0),
      annotations: batch.episodes.reduce((n, e) => n + e.annotations.length, 0),
    });
    expect(summary.warnings).toEqual(batch.warnings);
    const ids = t.services.db.prepare('SELECT external_id FROM episodes ORDER BY id').pluck().all();
    expect(ids).toEqual(batch.episodes.map((e) => e.externalId));
  });
});
