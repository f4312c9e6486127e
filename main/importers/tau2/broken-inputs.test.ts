import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { ImportError } from '../batch';
import { readTau2 } from './read-tau2';
import { removeTempDirs, tempDir, writeFiles } from '../../../test-support/temp-files';

afterAll(removeTempDirs);

const results = readFileSync(fixture('tau2-voice', 'experiment', 'results.json'), 'utf8');
const simText = readFileSync(fixture('tau2-voice', 'experiment', 'simulations', '49b22f0c-4a56-41c5-922f-bc2a56e53a23.json'), 'utf8');
const sim = () => JSON.parse(simText) as Record<string, unknown> & { ticks: Record<string, Record<string, unknown>>[] };

async function failure(files: Record<string, string | object>, path = ''): Promise<ImportError> {
  const root = writeFiles(tempDir(), files);
  try {
    await readTau2(`${root}/${path}`);
  } catch (err) {
    expect(err).toBeInstanceOf(ImportError);
    return err as ImportError;
  }
  throw new Error('expected the import to fail');
}

describe('readTau2 on broken inputs', () => {
  it('names the file, simulation and field of a wrongly typed tick value', async () => {
    const s = sim();
    s.ticks[12].user_chunk.contains_speech = 'yes';
    const err = await failure({ 'results.json': results, 'simulations/a.json': s });
    expect(err.file).toBe('simulations/a.json');
    expect(err.record).toBe('simulation 1 (id "49b22f0c-4a56-41c5-922f-bc2a56e53a23")');
    expect(err.field).toBe('ticks[12].user_chunk.contains_speech');
    expect(err.message).toMatch(/^simulations\/a\.json: simulation 1 \(id "49b22f0c-.*"\): ticks\[12\]\.user_chunk\.contains_speech: .*boolean/);
  });

  it('names a truncated simulation file', async () => {
    const err = await failure({ 'results.json': results, 'simulations/a.json': '{}', 'simulations/b.json': simText.slice(0, 5000) });
    expect([err.file, err.record, err.field]).toEqual(['simulations/a.json', 'simulation 1', 'id']);
    const err2 = await failure({ 'results.json': results, 'simulations/b.json': simText.slice(0, 5000) });
    expect([err2.file, err2.record, err2.field]).toEqual(['simulations/b.json', 'file', '(json)']);
    expect(err2.message).toContain('not valid JSON');
  });

  it('names a missing required field of a simulation in a monolithic file', async () => {
    const info = JSON.parse(results).info;
    const { task_id: _dropped, ...noTask } = sim();
    const err = await failure({ 'run.json': { info, simulations: [sim(), { ...sim(), id: 'b' }, noTask] } }, 'run.json');
    expect([err.file, err.record, err.field]).toEqual(['run.json', 'simulation 3 (id "49b22f0c-4a56-41c5-922f-bc2a56e53a23")', 'task_id']);
  });

  it('refuses a duplicated simulation id and a results file without run info', async () => {
    const info = JSON.parse(results).info;
    const dup = await failure({ 'run.json': { info, simulations: [sim(), sim()] } }, 'run.json');
    expect([dup.record, dup.field]).toEqual(['simulation 2 (id "49b22f0c-4a56-41c5-922f-bc2a56e53a23")', 'id']);
    const noInfo = await failure({ 'results.json': { tasks: [] }, 'simulations/a.json': sim() });
    expect([noInfo.file, noInfo.record, noInfo.field]).toEqual(['results.json', 'file', 'info']);
    const noResults = await failure({ 'simulations/a.json': sim() });
    expect(noResults.field).toBe('results.json');
  });

  it('refuses a task id that would lead artifact paths outside the run folder', async () => {
    const err = await failure({ 'results.json': results, 'simulations/a.json': { ...sim(), task_id: '../../../../etc' } });
    expect(err.file).toBe('simulations/a.json');
    expect(err.record).toContain('simulation 1');
    expect(err.field).toBe('task_id / id');
    expect(err.message).toContain('leads outside the imported folder');
  });

  it('names the line and column of a malformed Audacity label', async () => {
    const s = sim();
    const err = await failure({
      'results.json': results,
      'simulations/a.json': s,
      'artifacts/task_40/sim_49b22f0c-4a56-41c5-922f-bc2a56e53a23/audio/user_labels.txt': '0.0\t1.0\tok\nsoon\t2.0\tbad\n',
    });
    expect([err.file, err.record, err.field]).toEqual(['artifacts/task_40/sim_49b22f0c-4a56-41c5-922f-bc2a56e53a23/audio/user_labels.txt', 'line 2', 'start']);
  });

  it('warns and skips a truncated both.wav instead of failing', async () => {
    const root = writeFiles(tempDir(), {
      'results.json': results,
      'simulations/a.json': simText,
      'artifacts/task_40/sim_49b22f0c-4a56-41c5-922f-bc2a56e53a23/audio/both.wav': 'RIFF....WAVE',
    });
    const batch = await readTau2(root);
    expect(batch.episodes[0].audio).toEqual([]);
    expect(batch.warnings[0]).toContain('audio skipped');
  });
});
