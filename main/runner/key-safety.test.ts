/**
 * Keys come from the environment and go nowhere else: a judged run end to end as child processes, then the study
 * exported (episodes, episode, metrics); the key's bytes are in no file under the data folder (database, write-ahead
 * log, recordings, caches) and in no line of stdout or stderr — also for a run whose key the server refuses.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleSetAt, fakeJudge, fakeSystem } from '../../test-support/openai-server/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/openai-server/server';
import { runEarshotAsync } from '../../test-support/earshot-cli';

const KEY = 'sk-test-earshot-keysafety-5f3a9c1e7b2d4608';
const WRONG = 'sk-test-earshot-refused-9d8c7b6a5f4e3d21';
let fake: FakeOpenAi;
const home = mkdtempSync(join(tmpdir(), 'earshot-key-safety-'));
const db = join(home, 'runs.db');
const outputs: string[] = [];

async function earshot(args: string[], key = KEY): Promise<{ code: number | null; stdout: string }> {
  const res = await runEarshotAsync({ home, db, env: { OPENAI_API_KEY: key } }, ...args);
  outputs.push(res.stdout, res.stderr);
  return res;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)],
  );
}

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: KEY });
});
afterAll(async () => {
  await fake.close();
  rmSync(home, { recursive: true, force: true });
});

describe('API keys', () => {
  it('are never stored, logged or exported', async () => {
    const set = exampleSetAt(home, 'generic-mini.jsonl', fake.baseUrl);
    const system = join(home, 'system.json');
    const judge = join(home, 'judge.json');
    writeFileSync(system, JSON.stringify(fakeSystem('realtime', fake.baseUrl)));
    writeFileSync(judge, JSON.stringify(fakeJudge(fake.baseUrl)));
    const study = 'Keys';
    const run = await earshot(['run', '--set', set, '--system', system, '--judge', judge, '--study', study, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).run).toMatchObject({ status: 'done', done: 2, failed: 0 });
    expect(fake.requests.every((r) => r.authorized)).toBe(true);
    const refused = await earshot(['run', '--set', set, '--system', system, '--study', 'Refused', '--json'], WRONG);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).run).toMatchObject({ failed: 2 });
    const exports = await Promise.all([
      earshot(['episodes', '--study', study, '--json']),
      earshot(['metrics', '--study', study, '--json']),
      earshot(['episode', 'capital-france@fake-realtime#0', '--study', study, '--json']),
    ]);
    expect(exports.map((e) => e.code)).toEqual([0, 0, 0]);
    expect(exports[2].stdout).toContain('capital-france');

    const files = filesUnder(home);
    expect(files).toEqual(expect.arrayContaining([db, expect.stringMatching(/\.wav$/)]));
    for (const key of [KEY, WRONG]) {
      expect(files.filter((f) => readFileSync(f).includes(key))).toEqual([]);
      expect(outputs.filter((o) => o.includes(key))).toEqual([]);
    }
  }, 120_000);
});
