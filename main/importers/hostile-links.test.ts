/**
 * Folders reached through links: a run's `simulations/` or an archive's `transcripts/` that loops back on itself, leads
 * nowhere or leads outside the import is refused by name and nothing is written; the folder outside is never listed.
 */
import { cpSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { removeTempDirs, tempDir, writeFiles } from '../../test-support/temp-files';
import { listStudies } from '../db/studies';
import { ImportError } from './batch';
import type { SourceFormat } from './detect';
import { importPath } from './import-path';

afterAll(removeTempDirs);

let t: TempServices;
beforeEach(async () => {
  t = await tempServices({ demo: false });
});
afterEach(() => t.cleanup());

const now = new Date('2026-01-02T03:04:05Z');

async function refused(path: string, format: SourceFormat): Promise<ImportError> {
  let failure: unknown = null;
  try {
    await importPath(t.services.db, path, format, { now });
  } catch (err) {
    failure = err;
  }
  expect(failure).toBeInstanceOf(ImportError);
  expect(listStudies(t.services.db)).toEqual([]);
  return failure as ImportError;
}

const where = (err: ImportError) => [err.file, err.record, err.field];

describe('a τ² run whose simulations/ is a link', () => {
  const info = {
    user_info: { implementation: 'user_simulator', llm: 'gpt-4.1' },
    agent_info: { implementation: 'llm_agent', llm: 'gpt-4.1-mini' },
    environment_info: { domain_name: 'airline' },
  };
  const sim = (id: string) => ({
    id,
    task_id: '7',
    trial: 0,
    duration: 12.5,
    start_time: '2025-01-01T10:00:00.000000',
    end_time: '2025-01-01T10:01:00.000000',
    termination_reason: 'user_stop',
    messages: [{ role: 'assistant', content: 'Hi!', timestamp: '2025-01-01T10:00:00.000000', turn_idx: 0 }],
  });
  const run = () => writeFiles(tempDir(), { 'results.json': { timestamp: 't', info } });

  it('refuses a simulations/ that links to itself, naming the folder (it imported as an empty study)', async () => {
    const root = run();
    symlinkSync('simulations', join(root, 'simulations'));
    const err = await refused(root, 'tau2');
    expect(where(err)).toEqual(['simulations', 'folder', '(folder)']);
    expect(err.problem).toBe('"simulations" is a link that loops back on itself');
  });

  it('refuses a simulations/ that links to a folder outside the run, before listing it', async () => {
    const outside = writeFiles(tempDir(), { 'a.json': sim('a'), 'b.json': sim('b') });
    const root = run();
    symlinkSync(outside, join(root, 'simulations'));
    const err = await refused(root, 'tau2');
    expect(where(err)).toEqual(['simulations', 'folder', '(folder)']);
    expect(err.problem).toBe('path "simulations" is a link to a place outside the imported folder');
    rmSync(join(outside, 'a.json'));
    rmSync(join(outside, 'b.json'));
    expect(where(await refused(root, 'tau2'))).toEqual(['simulations', 'folder', '(folder)']);
  });

  it('refuses a simulations/ link that leads nowhere', async () => {
    const root = run();
    symlinkSync('gone', join(root, 'simulations'));
    expect((await refused(root, 'tau2')).problem).toBe('"simulations" is a link to nothing (ENOENT)');
  });

  it('still reads a simulations/ that links to a folder inside the run', async () => {
    const root = writeFiles(run(), { 'kept/a.json': sim('a'), 'kept/b.json': sim('b') });
    symlinkSync('kept', join(root, 'simulations'));
    expect(await importPath(t.services.db, root, 'tau2', { now })).toMatchObject({ episodes: 2 });
  });
});

describe('a τ-Elicitation archive whose transcripts/ is a link', () => {
  const archive = () => {
    const root = tempDir();
    for (const part of ['results', 'examples'])
      cpSync(fixture('tau-elicitation', part), join(root, part), { recursive: true });
    return root;
  };

  it('refuses a transcripts/ that links to itself (the examples alone were imported)', async () => {
    const root = archive();
    symlinkSync('transcripts', join(root, 'transcripts'));
    const err = await refused(root, 'tau-elicitation');
    expect(where(err)).toEqual(['transcripts', 'folder', '(folder)']);
    expect(err.problem).toMatch(/loops back on itself/);
  });

  it('refuses a transcripts/ that links outside the archive', async () => {
    const root = archive();
    symlinkSync(fixture('tau-elicitation', 'transcripts'), join(root, 'transcripts'));
    expect(where(await refused(root, 'tau-elicitation'))).toEqual(['transcripts', 'folder', '(folder)']);
  });
});
