import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { main } from './main';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { dispatch } from '../api/dispatch';

let t: TempServices;

/** Runs the CLI in this process, capturing stdout and stderr. */
async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

beforeAll(async () => {
  t = await tempServices();
  const ana = await dispatch(t.services, 'annotators.create', { name: 'Ana' });
  const annotatorId = (ana as { result: { id: number } }).result.id;
  for (const [category, startMs] of [
    ['late reply', 8000],
    ['late reply', 15_100],
    ['misheard digits', 9100],
  ] as const) {
    await dispatch(t.services, 'casebook.add', { episodeId: 1, annotatorId, category, note: 'see', startMs });
  }
  t.services.db.close();
});
afterAll(() => {
  removeTempDirs();
  t.cleanup();
});

describe('earshot casebook', () => {
  it('lists the cases by category, most first, as JSON', async () => {
    const res = await run('casebook', 'list', '--study', 'Demo study', '--db', t.dbPath, '--json');
    expect(res.code).toBe(0);
    const doc = JSON.parse(res.stdout) as { categories: unknown[]; cases: { startMs: number }[] };
    expect(doc.categories).toEqual([
      { category: 'late reply', count: 2 },
      { category: 'misheard digits', count: 1 },
    ]);
    expect(doc.cases.map((c) => c.startMs)).toEqual([15_100, 8000, 9100]);
  });

  it('exports one category as single HTML files and the whole casebook as folders', async () => {
    const out = tempDir('earshot-cli-cases-');
    const html = await run(
      'casebook',
      'export',
      '--study',
      '1',
      '--category',
      'late reply',
      '--out',
      out,
      '--html',
      '--db',
      t.dbPath,
      '--json',
    );
    expect(html.code).toBe(0);
    const files = (JSON.parse(html.stdout) as { exported: { path: string }[] }).exported.map((e) => e.path);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.html') && existsSync(f))).toBe(true);
    const folders = tempDir('earshot-cli-cases-');
    expect((await run('casebook', 'export', '--study', '1', '--out', folders, '--db', t.dbPath)).code).toBe(0);
    expect(readdirSync(folders)).toHaveLength(3);
    expect(readdirSync(join(folders, readdirSync(folders)[0]))).toContain('clip.wav');
  });

  it('answers a bad command line with exit 2 and a missing category with exit 3, one line on stderr', async () => {
    const noOut = await run('casebook', 'export', '--study', '1', '--db', t.dbPath);
    expect(noOut).toMatchObject({ code: 2, stdout: '' });
    expect(noOut.stderr).toBe('earshot casebook: --out DIR is required: the folder to write the cases into\n');
    expect((await run('casebook', 'frob', '--study', '1', '--db', t.dbPath)).code).toBe(2);
    expect((await run('casebook', 'list', '--study', 'Nope', '--db', t.dbPath)).code).toBe(2);
    const none = await run(
      'casebook',
      'export',
      '--study',
      '1',
      '--category',
      'x',
      '--out',
      tempDir(),
      '--db',
      t.dbPath,
    );
    expect(none.code).toBe(3);
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
  });
});
