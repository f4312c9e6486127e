import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../test-support/fixtures';
import { runEarshot } from '../../test-support/earshot-cli';

const home = mkdtempSync(join(tmpdir(), 'earshot-cli-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const earshot = (...args: string[]) => runEarshot({ home }, ...args);

describe('earshot CLI', () => {
  it('studies --json uses the default database, which holds the demo study on first use', () => {
    const res = earshot('studies', '--json');
    expect(res.code).toBe(0);
    const studies = JSON.parse(res.stdout);
    expect(studies).toEqual([expect.objectContaining({ name: 'Demo study', episodeCount: 10 })]);
  });

  it('episodes --study NAME --db FILE prints one JSON document', () => {
    const db = join(home, 'other.db');
    const res = earshot('episodes', '--study', 'Demo study', '--db', db, '--json');
    expect(res.code).toBe(0);
    const doc = JSON.parse(res.stdout);
    expect(doc.study.name).toBe('Demo study');
    expect(doc.episodes).toHaveLength(10);
  });

  it('fails with one line on stderr and a non-zero code for an unknown study', () => {
    const res = earshot('episodes', '--study', 'nope', '--json');
    expect(res.code).not.toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/no study "nope" \(studies: 1 "Demo study"\)/);
  });

  it('rejects unknown commands and options with usage errors', () => {
    expect(earshot('frobnicate').code).toBe(2);
    const bad = earshot('studies', '--colour');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--colour/);
    expect(earshot('serve', '--port', 'abc').stderr).toMatch(/--port must be a whole number/);
  });

  it('ends quietly with exit 0 when the reader closes its output early (earshot … | head)', async () => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'bin', 'earshot.mjs'), 'episodes', '--study', 'Demo study', '--json'],
      {
        cwd: repoRoot,
        env: { ...process.env, EARSHOT_HOME: home },
      },
    );
    child.stdout.destroy(); // the reader is gone before the first byte: every write meets EPIPE
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
