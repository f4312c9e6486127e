/** JSONL read line by line in chunks: the same lines as splitting the whole text, and no waiting for the whole file. */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { ImportError } from './batch';
import { readGenericJsonl } from './generic/read-generic';
import { JSONL_FILE } from './limits';
import { readTextLines } from './text-lines';

afterAll(removeTempDirs);

describe('readTextLines', () => {
  it('gives the lines and line numbers that splitting the whole text gives, across 1 MiB chunk boundaries', () => {
    const words = ['plain', 'café', 'τ²-bench', '😀 emoji', 'tab\tinside', 'cr\rinside', ''];
    const lines: string[] = [];
    for (let i = 0, size = 0; size < 3.5 * 1024 * 1024; i++) {
      const line = `${i}:${words[i % words.length].repeat((i * 7919) % 997)}`;
      lines.push(line);
      size += Buffer.byteLength(line) + 2;
    }
    const text = lines.map((l, i) => (i % 3 ? `${l}\n` : `${l}\r\n`)).join('') + 'last line without a break';
    const file = join(tempDir(), 'lines.txt');
    writeFileSync(file, `\uFEFF${text}`);
    const read = [...readTextLines(file, 'lines.txt', JSONL_FILE)];
    const expected = text.split(/\r?\n/);
    expect(read.length).toBe(expected.length);
    expect(read.every((l, i) => l.line === i + 1 && l.text === expected[i])).toBe(true);
  });

  it('keeps a byte-order mark that is not at the start of the file', () => {
    const file = join(tempDir(), 'bom.txt');
    writeFileSync(file, 'a\n\uFEFFb\n');
    expect([...readTextLines(file, 'bom.txt', JSONL_FILE)].map((l) => l.text)).toEqual(['a', '\uFEFFb']);
  });

  it('refuses a file past its limit before reading it, and names a file it cannot read', () => {
    const file = join(tempDir(), 'big.jsonl');
    writeFileSync(file, 'x'.repeat(100));
    expect(() => [...readTextLines(file, 'big.jsonl', { bytes: 99, kind: 'a test file' })]).toThrow(
      'big.jsonl: file: (size): is 100 bytes, more than the 99 bytes a test file may have',
    );
    expect(() => [...readTextLines(join(file, 'missing'), 'missing.jsonl', JSONL_FILE)]).toThrow(
      'missing.jsonl: file: (file): cannot be read (ENOTDIR)',
    );
  });
});

describe('a generic JSONL import reads as the lines arrive', () => {
  it('refuses a bad line 2 while the rest of the file has not been written yet (it used to wait for the whole file)', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'calls.jsonl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const good = JSON.stringify({ schema: 'earshot-episode-v1', id: 'a' });
    // the writer sends two lines, then holds the pipe open for a minute: a reader of the whole file would wait for it
    const script = `exec > "$1"; printf '%s\\n%s\\n' "$0" '{"schema":"earshot-episode-v1"}'; exec sleep 60`;
    const writer = spawn('sh', ['-c', script, good, fifo], { stdio: 'ignore' });
    try {
      const failure = await readGenericJsonl(fifo).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(ImportError);
      expect((failure as ImportError).record).toBe('line 2');
      // the refusal came while the writer still held the pipe open, so the reader did not wait for the end of file
      expect(writer.exitCode).toBeNull();
      expect(writer.signalCode).toBeNull();
    } finally {
      writer.kill();
    }
  });
});
