/** A τ-Elicitation archive is written as it is read: calls reach the database before a transcript ends. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
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
const transcriptFile = (name: string) => `main_runs__modeb_gemini_high_${name}_2026-09-02.jsonl`;
const transcript = (name: string) =>
  readFileSync(fixture('tau-elicitation', 'transcripts', transcriptFile(name)), 'utf8');

describe('a τ-Elicitation archive import', () => {
  it('writes its first calls before a transcripts file ends, and leaves nothing when a later line is bad', async () => {
    const archive = tempDir();
    mkdirSync(join(archive, 'transcripts'));
    const fifo = join(archive, 'transcripts', 'calls.jsonl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // 400 good calls, then (2 s later) a call without its fields, then the pipe held open: a whole-file reader waits
    // for the end
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

  it('writes the fixture archive in reading order: transcripts, other examples, validated calls, joined', async () => {
    const archive = fixture('tau-elicitation');
    const summary = await importPath(t.services.db, archive, 'tau-elicitation', { now }, { align: false });
    const batch = await readTauElicitation(archive);
    type Episode = (typeof batch.episodes)[number];
    const total = (count: (e: Episode) => number) => batch.episodes.reduce((n, e) => n + count(e), 0);
    expect(summary).toMatchObject({
      episodes: TAU_ELICITATION.episodes,
      turns: total((e) => e.turns.length),
      judgements: total((e) => e.judgements.length),
      annotations: total((e) => e.annotations.length),
    });
    // the order and the warnings of the reader that held the whole archive (before calls were written as read)
    const simulationIds = (text: string) => text.trimEnd().split('\n').map((l) => JSON.parse(l).simulation_id);
    const transcripts = ['chanheavy', 'regular', 'speechheavy'].flatMap((name) => simulationIds(transcript(name)));
    const examples = readdirSync(join(archive, 'examples'))
      .filter((n) => n.endsWith('.json') && n !== 'manifest.json')
      .sort()
      .map((n) => JSON.parse(readFileSync(join(archive, 'examples', n), 'utf8')).simulation_id)
      .filter((id) => !transcripts.includes(id));
    const ids = t.services.db.prepare('SELECT external_id FROM episodes ORDER BY id').pluck().all() as string[];
    expect(ids.slice(0, transcripts.length + examples.length)).toEqual([...transcripts, ...examples]);
    expect(ids.slice(transcripts.length + examples.length)).toHaveLength(TAU_ELICITATION.subsets.validation);
    expect(summary.warnings.map((w) => w.slice(0, 60))).toEqual([
      'The compact transcripts carry no caller speech: the caller a',
      'results/manifest.csv: 26 of 29 cells have no transcript file',
      'judge_validation/validation.csv: row 1 (call "01331e8d-ecce-',
      'judge_validation/validation.csv: 100 validated call(s) have ',
    ]);
  });

  it('closes the transcript it was reading when the import is cancelled midway', async () => {
    const controller = new AbortController();
    const openFiles = () => readdirSync('/proc/self/fd').map((fd) => {
      try {
        return readlinkSync(join('/proc/self/fd', fd));
      } catch {
        return ''; // closed between the listing and the look-up
      }
    });
    const failure = await importPath(
      t.services.db,
      fixture('tau-elicitation'),
      'tau-elicitation',
      { now, signal: controller.signal, onProgress: () => controller.abort(new Error('cancelled')) },
      { align: false },
    ).catch((err: unknown) => err);
    expect((failure as Error).message).toBe('cancelled');
    expect(openFiles().filter((f) => f.includes('/tau-elicitation/'))).toEqual([]);
    expect(rows('SELECT count(*) FROM episodes')).toBe(0);
  });
});
