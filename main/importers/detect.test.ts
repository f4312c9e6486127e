import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures';
import { ImportError } from './batch';
import { detectFormat, readAny } from './detect';
import { removeTempDirs, tempDir, writeFiles } from '../../test-support/temp-files';

afterAll(removeTempDirs);

describe('detectFormat', () => {
  it('recognises the fixture folders and files', () => {
    expect(detectFormat(fixture('tau2-voice', 'experiment'))).toBe('tau2');
    expect(detectFormat(fixture('tau2-voice', 'experiment', 'results.json'))).toBe('tau2');
    expect(detectFormat(fixture('tau-elicitation'))).toBe('tau-elicitation');
    expect(detectFormat(fixture('tau-elicitation', 'transcripts', 'main_runs__modeb_gemini_high_regular_2026-09-02.jsonl'))).toBe('tau-elicitation');
    expect(detectFormat(fixture('tau-elicitation', 'examples', 'scaffolded_grok_d88cf73e-247a-4cfa-8b81-0d44cd84e116.json'))).toBe('tau-elicitation');
    expect(detectFormat(fixture('vera', 'test_voice_episodes'))).toBe('vera');
    expect(detectFormat(fixture('vera', 'test_voice_episodes', 'test.json'))).toBe('vera');
  });

  it('recognises generic JSONL by its first non-empty line, and nothing else', () => {
    const root = writeFiles(tempDir(), {
      'a.jsonl': '\n\n{"schema": "earshot-episode-v1", "id": "e1"}\n',
      'b.jsonl': '{"schema": "something-else"}\n',
      'c.jsonl': 'not json\n',
      'd.json': '{"hello": 1}',
      'e.txt': 'x',
      'empty/x.txt': '',
    });
    expect(detectFormat(join(root, 'a.jsonl'))).toBe('generic');
    for (const name of ['b.jsonl', 'c.jsonl', 'd.json', 'e.txt', 'empty', 'missing.json']) expect(detectFormat(join(root, name))).toBeNull();
  });
});

describe('readAny', () => {
  it('dispatches to the reader of the detected or given format', async () => {
    expect((await readAny(fixture('vera', 'test_voice_episodes', 'test.json'))).episodes).toHaveLength(5);
    expect((await readAny(fixture('tau2-voice', 'experiment'), 'tau2')).format).toBe('tau2');
    const root = writeFiles(tempDir(), { 'g.jsonl': '{"schema": "earshot-episode-v1", "id": "e1"}\n' });
    expect((await readAny(join(root, 'g.jsonl'))).episodes.map((e) => e.externalId)).toEqual(['e1']);
  });

  it('names an unrecognised or missing source', async () => {
    const root = writeFiles(tempDir(), { 'notes.txt': 'hello' });
    await expect(readAny(join(root, 'notes.txt'))).rejects.toThrow(ImportError);
    await expect(readAny(join(root, 'notes.txt'))).rejects.toThrow('notes.txt: file: (format): not a recognised');
    await expect(readAny(join(root, 'nope.json'))).rejects.toThrow('nope.json: file: (file): does not exist');
  });
});
