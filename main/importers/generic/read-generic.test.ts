import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGenericJsonl } from './read-generic';
import { demoFile } from '../../demo/ensure-demo';
import { appRoot } from '../../services/paths';
import { writePcm16 } from '../../../test-support/wav';

const dir = mkdtempSync(join(tmpdir(), 'earshot-generic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function jsonl(name: string, lines: unknown[]): string {
  const f = join(dir, name);
  writeFileSync(f, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return f;
}
const ep = (id: string, extra: Record<string, unknown> = {}) => ({ schema: 'earshot-episode-v1', id, ...extra });

describe('readGenericJsonl', () => {
  it('reads the demo study: header line, ten episodes, audio resolved inside resources/demo', async () => {
    const batch = await readGenericJsonl(demoFile(join(appRoot, 'resources')));
    expect(batch.studyName).toBe('Demo study');
    expect(batch.episodes).toHaveLength(10);
    expect(batch.episodes.every((e) => e.audio[0].path.startsWith(join(appRoot, 'resources', 'demo', 'audio')))).toBe(true);
    const dsb = batch.episodes.find((e) => e.externalId === 'dsb-demo-policy-t3')!;
    expect(dsb.condition).toMatchObject({ tier: 'T3', domain: 'policy' });
  });

  it('takes the study name from the file when there is no header, and numbers become strings in conditions', async () => {
    const f = jsonl('runs.jsonl', [ep('a', { condition: { tier: 3 } })]);
    const batch = await readGenericJsonl(f);
    expect(batch.studyName).toBe('runs');
    expect(batch.episodes[0].condition).toEqual({ tier: '3' });
  });

  it('names file, line and field for garbled JSON, wrong types and duplicates', async () => {
    await expect(readGenericJsonl(jsonl('bad1.jsonl', [ep('a'), '{"schema": "earshot-episode-v1", "id": '])))
      .rejects.toThrow(/^bad1\.jsonl: line 2: \(json\): not valid JSON/);
    await expect(readGenericJsonl(jsonl('bad2.jsonl', [ep('a', { turns: [{ speaker: 'robot', text: 'x' }] })])))
      .rejects.toThrow(/^bad2\.jsonl: line 1: turns\.0\.speaker: /);
    await expect(readGenericJsonl(jsonl('bad3.jsonl', [ep('a', { reward: 'high' })])))
      .rejects.toThrow(/^bad3\.jsonl: line 1: reward: /);
    await expect(readGenericJsonl(jsonl('bad4.jsonl', [ep('a'), ep('a')])))
      .rejects.toThrow(/^bad4\.jsonl: line 2: id: duplicate episode id "a"/);
  });

  it('refuses audio paths that escape the folder: .., absolute, and symlinks out', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'earshot-outside-'));
    writePcm16(join(outside, 'secret.wav'), 8000, 1, 80, () => 0);
    mkdirSync(join(dir, 'audio'), { recursive: true });
    symlinkSync(join(outside, 'secret.wav'), join(dir, 'audio', 'link.wav'));
    const cases: [string, RegExp][] = [
      ['../secret.wav', /leads outside the imported folder/],
      [join(outside, 'secret.wav'), /absolute path .* refused/],
      ['audio/link.wav', /link to a place outside/],
      ['audio/missing.wav', /does not exist/],
    ];
    for (const [i, [path, why]] of cases.entries()) {
      const f = jsonl(`esc${i}.jsonl`, [ep('a', { audio: [{ path }] })]);
      await expect(readGenericJsonl(f)).rejects.toThrow(new RegExp(`^esc${i}\\.jsonl: line 1: audio\\.0\\.path: .*${why.source}`));
    }
    rmSync(outside, { recursive: true, force: true });
  });

  it('keeps markup in imported text as plain data', async () => {
    const f = jsonl('markup.jsonl', [ep('x', { turns: [{ speaker: 'user', text: '<img src=x onerror=alert(1)>' }] })]);
    const batch = await readGenericJsonl(f);
    expect(batch.episodes[0].turns[0].text).toBe('<img src=x onerror=alert(1)>');
  });
});
