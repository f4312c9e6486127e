import { readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixture } from '../../test-support/fixtures';
import { detectFormat } from './detect';
import { removeTempDirs, tempDir, writeFiles } from '../../test-support/temp-files';

// Every read goes through the real readSync; the mock only counts the bytes detection reads.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, readSync: vi.fn(actual.readSync) };
});

afterAll(removeTempDirs);

const bytesRead = () => vi.mocked(readSync).mock.results.reduce((sum, r) => sum + (r.value as number), 0);

describe('detectFormat', () => {
  it('recognises the fixture folders and files', () => {
    expect(detectFormat(fixture('tau2-voice', 'experiment'))).toBe('tau2');
    expect(detectFormat(fixture('tau2-voice', 'experiment', 'results.json'))).toBe('tau2');
    expect(detectFormat(fixture('tau-elicitation'))).toBe('tau-elicitation');
    expect(
      detectFormat(fixture('tau-elicitation', 'transcripts', 'main_runs__modeb_gemini_high_regular_2026-09-02.jsonl')),
    ).toBe('tau-elicitation');
    expect(
      detectFormat(fixture('tau-elicitation', 'examples', 'scaffolded_grok_d88cf73e-247a-4cfa-8b81-0d44cd84e116.json')),
    ).toBe('tau-elicitation');
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
    for (const name of ['b.jsonl', 'c.jsonl', 'd.json', 'e.txt', 'empty', 'missing.json'])
      expect(detectFormat(join(root, name))).toBeNull();
  });
});

describe('detectFormat reads little', () => {
  beforeEach(() => {
    vi.mocked(readSync).mockClear();
  });
  const simulation = (i: number) =>
    `{"id": "sim-${i}", "messages": [${'{"role": "user", "content": "hello"},'.repeat(30_000)}{}]}`;

  it('refuses a folder of large JSON files that is not a result after the first KiB of eight of them', () => {
    const files = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`sim-${String(i).padStart(2, '0')}.json`, simulation(i)]),
    );
    const root = writeFiles(tempDir(), files);
    expect(detectFormat(root)).toBeNull();
    expect(vi.mocked(readSync).mock.calls.length).toBe(8);
    expect(bytesRead()).toBeLessThanOrEqual(8 * 1024);
  });

  it('tells a folder by its names alone when they say what it is', () => {
    expect(detectFormat(fixture('tau2-voice', 'experiment'))).toBe('tau2');
    expect(detectFormat(fixture('tau-elicitation'))).toBe('tau-elicitation');
    expect(vi.mocked(readSync)).not.toHaveBeenCalled();
  });

  it('reads at most the first 64 KiB of a file', () => {
    const root = writeFiles(tempDir(), {
      'big.json': simulation(1),
      'big.jsonl': `${simulation(2)}\n${simulation(3)}\n`,
    });
    expect(readFileSync(join(root, 'big.json')).length).toBeGreaterThan(1024 * 1024);
    expect(detectFormat(join(root, 'big.json'))).toBeNull();
    expect(detectFormat(join(root, 'big.jsonl'))).toBeNull();
    expect(bytesRead()).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it('tells a generic JSONL whose first line runs past the head by its schema', () => {
    const turns = Array.from({ length: 4000 }, (_, i) => ({
      speaker: 'user',
      startMs: i,
      endMs: i + 1,
      text: 'x'.repeat(20),
    }));
    const line = JSON.stringify({ schema: 'earshot-episode-v1', id: 'e1', turns });
    const root = writeFiles(tempDir(), {
      'long.jsonl': `${line}\n`,
      'late.jsonl': `${JSON.stringify({ turns, schema: 'earshot-episode-v1' })}\n`,
    });
    expect(line.length).toBeGreaterThan(64 * 1024);
    expect(detectFormat(join(root, 'long.jsonl'))).toBe('generic');
    // A schema written after 64 KiB of turns is not seen: the Import dialog's format choice imports it.
    expect(detectFormat(join(root, 'late.jsonl'))).toBeNull();
  });
});
