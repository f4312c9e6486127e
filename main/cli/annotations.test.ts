import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { makeAnnotators } from '../../test-support/annotation-study';
import { setLabel } from '../annotation/labels';
import { listEpisodes } from '../db/episodes';
import { main } from './main';

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, stdout, stderr };
}

let t: TempServices;
const EP = 'demo-airline-change-flight';
beforeEach(async () => {
  t = await tempServices();
  const [ana] = makeAnnotators(t.services.db, ['Ana']);
  const episodeId = listEpisodes(t.services.db, 1).find((e) => e.externalId === EP)!.id;
  const value = ['1000-2000 <script>x</script>', '2500-2600 =1+1'];
  setLabel(t.services.db, { episodeId, annotatorId: ana, field: 'regions', value }, new Date());
});
afterEach(() => {
  vi.restoreAllMocks();
  t.cleanup();
});

describe('earshot annotations', () => {
  it('exports an episode as a TextGrid and imports it back as another annotator’s regions, JSON on stdout', async () => {
    const db = t.dbPath;
    makeAnnotators(t.services.db, ['Ben']);
    const out = join(t.dir, 'call.TextGrid');
    const base = ['--study', 'Demo study', '--episode', EP, '--db', db];
    const exported = await run('annotations', 'export', ...base, '--format', 'textgrid', '--out', out, '--json');
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toMatchObject({ file: out, format: 'textgrid' });
    expect(readFileSync(out, 'utf8')).toContain('text = "<script>x</script>"');
    const imported = await run(
      'annotations',
      'import',
      ...base,
      '--annotator',
      'Ben',
      '--file',
      out,
      '--regions-tier',
      'Ana/regions',
      '--json',
    );
    expect(imported.stderr).toBe('');
    const result = JSON.parse(imported.stdout);
    expect(result).toMatchObject({
      format: 'textgrid',
      annotator: 'Ben',
      regions: { tier: 'Ana/regions', count: 2, before: 0 },
    });
    expect(result.turns.outcome).toBe('kept');
    const shown = await run('episode', EP, '--study', 'Demo study', '--db', db, '--json');
    const ben = JSON.parse(shown.stdout).labels.find((l: { annotator: string }) => l.annotator === 'Ben');
    expect(ben.values.regions).toEqual(['1000-2000 <script>x</script>', '2500-2600 =1+1']);
  });

  it('says what is wrong on one line: exit 2 for the command line or a missing file, 3 if refused', async () => {
    const base = ['--study', 'Demo study', '--episode', EP, '--db', t.dbPath];
    const noAction = await run('annotations', ...base);
    expect(noAction.code).toBe(2);
    const badFormat = await run('annotations', 'export', ...base, '--format', 'srt', '--out', 'x');
    expect([badFormat.code, badFormat.stderr]).toEqual([
      2,
      'earshot annotations: --format must be one of eaf, textgrid, audacity, got "srt"\n',
    ]);
    const file = join(t.dir, 'bad.eaf');
    writeFileSync(file, '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<x>&e;</x>');
    const refused = await run('annotations', 'import', ...base, '--annotator', 'Ana', '--file', file);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(
      /^earshot annotations: bad\.eaf: line 2: \(xml\): a DOCTYPE or declaration is refused/,
    );
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    const missing = await run(
      'annotations',
      'import',
      ...base,
      '--annotator',
      'Ana',
      '--file',
      join(t.dir, 'none.eaf'),
    );
    expect([missing.code, missing.stderr]).toEqual([
      2,
      `earshot annotations: --file ${join(t.dir, 'none.eaf')}: no such file or folder\n`,
    ]);
    const episode = await run(
      'annotations',
      'export',
      '--study',
      'Demo study',
      '--episode',
      'nope',
      '--out',
      'x',
      '--db',
      t.dbPath,
    );
    expect([episode.code, episode.stderr]).toEqual([3, 'earshot annotations: episode "nope" in study 1 not found\n']);
  });
});
