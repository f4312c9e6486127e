import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { removeTempDirs, tempDir } from '../../test-support/temp-files';
import { writeUntimedStudy, type UntimedStudy } from '../../test-support/untimed-call';
import type { ImportSummary } from '../../shared/methods/imports';
import type { EpisodeOut } from './episode';
import { runEarshot } from '../../test-support/earshot-cli';

let dir: string;
let study: UntimedStudy;

/** `earshot …` as a user runs it, on a database in the test's folder. */
function earshot(...args: string[]) {
  return runEarshot({ home: dir, db: join(dir, 'e.db') }, ...args);
}

beforeAll(async () => {
  dir = tempDir('earshot-align-cli-');
  study = await writeUntimedStudy(dir, [21, 22], [1]);
}, 30_000);

afterAll(removeTempDirs);

describe('earshot import, episode and align on untimed calls', () => {
  it('import reports the turns and episodes it aligned', () => {
    const text = earshot('import', study.jsonl, '--study', 'Calls');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('8 turns in 1 episode aligned to the audio (times estimated)');
  }, 60_000);

  it('episode --json shows each turn’s estimated times with aligned: true', () => {
    const untimed = JSON.parse(earshot('episode', 'call-0', '--study', 'Calls', '--json').stdout) as EpisodeOut;
    expect(untimed.turns.map((t) => t.aligned)).toEqual(Array(8).fill(true));
    expect(untimed.turns.every((t) => t.startMs !== null && t.endMs! > t.startMs)).toBe(true);
  }, 60_000);

  it('align re-runs one episode with other settings', () => {
    const again = earshot('align', '--study', 'Calls', '--episode', 'call-0', '--aggressiveness', '1', '--json');
    expect(again.code).toBe(0);
    const doc = JSON.parse(again.stdout) as { episodes: number; turns: number; settings: { aggressiveness: number } };
    expect(doc).toMatchObject({ episodes: 1, turns: 8, settings: { aggressiveness: 1 } });
  }, 60_000);

  it('refuses a bad aggressiveness on one line with the usage exit code', () => {
    const bad = earshot('align', '--study', 'Calls', '--aggressiveness', '7');
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('earshot align: --aggressiveness must be a whole number from 0 to 3, got "7"');
  }, 60_000);

  it('import --json carries the aligned counts', () => {
    const other = writeUntimedStudy(tempDir('earshot-align-cli-'), [23]);
    return other.then((s) => {
      const doc = JSON.parse(earshot('import', s.jsonl, '--study', 'More', '--json').stdout) as ImportSummary;
      expect(doc.aligned).toEqual({ episodes: 1, turns: 8 });
    });
  }, 60_000);
});
