/** `earshot run`, `judge` and `judges` as real child processes against the local OpenAI-protocol server. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test-support/fixtures';
import { exampleSetAt, fakeJudge, fakeSystem } from '../../test-support/openai-server/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/openai-server/server';
import { runEarshotAsync } from '../../test-support/earshot-cli';

let fake: FakeOpenAi;
const home = mkdtempSync(join(tmpdir(), 'earshot-cli-run-'));
const db = join(home, 'runs.db');

function earshot(args: string[], env: Record<string, string> = {}) {
  return runEarshotAsync({ home, env: { OPENAI_API_KEY: fake.apiKey, ...env } }, ...args);
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  rmSync(home, { recursive: true, force: true });
});

describe('earshot run', () => {
  it('runs a set against a system config and prints the run as one JSON document', async () => {
    const set = exampleSetAt(home, 'generic-mini.jsonl', fake.baseUrl);
    const system = join(home, 'system.json');
    const judge = join(home, 'judge.json');
    writeFileSync(system, JSON.stringify(fakeSystem('cascade', fake.baseUrl)));
    writeFileSync(judge, JSON.stringify(fakeJudge(fake.baseUrl)));
    const res = await earshot([
      'run',
      '--set',
      set,
      '--system',
      system,
      '--judge',
      judge,
      '--repeats',
      '2',
      '--db',
      db,
      '--json',
    ]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const doc = JSON.parse(res.stdout);
    expect(doc.run).toMatchObject({
      status: 'done',
      planned: 4,
      done: 4,
      failed: 0,
      studyName: 'Generic mini × fake-cascade',
    });
    expect(doc.items.map((i: { itemId: string; trials: number }) => [i.itemId, i.trials])).toEqual([
      ['boiling-point', 2],
      ['capital-france', 2],
    ]);
    expect(doc.medianFirstAudioMs).toBeGreaterThan(0);
    expect(readFileSync(db).includes(Buffer.from(fake.apiKey))).toBe(false);

    const rejudge = await earshot([
      'judge',
      '--study',
      'Generic mini × fake-cascade',
      '--judge',
      judge,
      '--db',
      db,
      '--json',
    ]);
    expect(rejudge.code).toBe(0);
    expect(JSON.parse(rejudge.stdout)).toMatchObject({ judged: 4, judgeId: 'fake-judge' });
    const judges = await earshot(['judges', '--study', 'Generic mini × fake-cascade', '--db', db, '--json']);
    expect(JSON.parse(judges.stdout)).toMatchObject({
      field: 'verdict',
      annotators: [],
      judges: [{ judgeId: 'fake-judge', episodes: 4 }],
    });
  });

  it('fails with one line on stderr: missing options, a config holding a key', async () => {
    const bad = join(home, 'bad.json');
    writeFileSync(bad, JSON.stringify({ kind: 'text', id: 'x', model: 'm', apiKey: 'sk-do-not-put-keys-here' }));
    const [usage, cfg] = await Promise.all([
      earshot(['run', '--db', db]),
      earshot([
        'run',
        '--set',
        join(repoRoot, 'resources', 'episode-sets', 'generic-mini.jsonl'),
        '--system',
        bad,
        '--db',
        join(home, 'other.db'),
      ]),
    ]);
    expect([usage.code, usage.stderr]).toEqual([
      2,
      'earshot run: --set FILE and --system CONFIG.json are required (or --resume RUN_ID)\n',
    ]);
    expect(cfg.code).toBe(1);
    expect(cfg.stderr).toMatch(
      /^earshot run: .*bad\.json: apiKey: API keys are never read from config files; name an environment variable in apiKeyEnv instead\n$/,
    );
  });
});
