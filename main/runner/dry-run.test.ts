/** `earshot run --dry-run`: the plan is printed before anything is sent, and nothing is sent. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleSetAt, fakeJudge, fakeSystem } from '../../test-support/openai-server/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/openai-server/server';
import { DEFAULT_INSTRUCTIONS } from './systems/config';
import { planRun } from './dry-run';
import { loadPrices } from './prices';
import { runEarshotAsync } from '../../test-support/earshot-cli';

let fake: FakeOpenAi;
const home = mkdtempSync(join(tmpdir(), 'earshot-dry-run-'));

/** `earshot ARGS…` with no API key in its environment: a dry run must need none. */
const earshot = (args: string[]) => runEarshotAsync({ home, env: { OPENAI_API_KEY: undefined } }, ...args);

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
  rmSync(home, { recursive: true, force: true });
});

describe('earshot run --dry-run', () => {
  it('prints calls, audio minutes and says the fake models have no price; the server receives nothing', async () => {
    const set = exampleSetAt(home, 'generic-mini.jsonl', fake.baseUrl);
    const system = join(home, 'system.json');
    const judge = join(home, 'judge.json');
    writeFileSync(system, JSON.stringify(fakeSystem('realtime', fake.baseUrl)));
    writeFileSync(judge, JSON.stringify(fakeJudge(fake.baseUrl)));
    const db = join(home, 'never.db');
    const args = ['run', '--set', set, '--system', system, '--judge', judge, '--repeats', '3', '--dry-run', '--db', db];
    const [json, text] = await Promise.all([earshot([...args, '--json']), earshot(args)]);
    expect([json.code, json.stderr]).toEqual([0, '']);
    const plan = JSON.parse(json.stdout);
    expect(plan).toMatchObject({ episodes: 6, cost: null, currency: 'USD' });
    expect(plan.unknownModels.sort()).toEqual(['fake-judge-model', 'fake-realtime', 'fake-tts', 'fake-whisper']);
    // Two one-question items × 3 repeats: 6 responses, 6 transcriptions, 2 syntheses (cached), 6 × 3 judge votes.
    expect(plan.lines.map((l: { calls: number }) => l.calls)).toEqual([6, 6, 2, 18]);
    expect(plan.calls).toBe(32);
    expect(plan.audioMinutes.caller).toBeGreaterThan(0);
    expect(text.stdout).toMatch(/^dry run: nothing was sent\. 6 episode\(s\)/);
    expect(text.stdout).toContain(
      'estimated cost: unknown — no price for fake-realtime, fake-whisper, fake-tts, fake-judge-model',
    );
    expect(fake.requests).toEqual([]);
    expect(fake.realtimeSessions).toEqual([]);
    expect(existsSync(db)).toBe(false);
  }, 60_000);

  it('prices a Realtime run from the table: audio tokens in and out, text in, at the listed model prices', async () => {
    const set = join(home, 'one.jsonl');
    const doc = 'The museum opens at nine. Tickets cost twelve dollars for adults.';
    const header = { schema: 'earshot-set-v1', kind: 'generic', name: 'One', synthesis: { engine: 'espeak-ng' } };
    const item = {
      schema: 'earshot-set-item-v1',
      id: 'q',
      document: doc,
      question: 'How much do tickets cost?',
      reference: 'Twelve dollars for adults.',
    };
    writeFileSync(set, `${JSON.stringify(header)}\n${JSON.stringify(item)}\n`);
    const system = { kind: 'realtime', id: 'rt', model: 'gpt-realtime-1.5' };
    const plan = await planRun({ set, system, repeats: 2 });
    const price = loadPrices().models['gpt-realtime-1.5'];
    expect(price).toMatchObject({ audioIn: 32, audioOut: 64, textIn: 4 });
    // 5 words at 165 wpm in (600 tokens a minute), 4 words out (1200 a minute), the prompt as text at 4 chars a token.
    const audioIn = (5 / 165) * 600;
    const audioOut = (4 / 165) * 1200;
    const textIn = (DEFAULT_INSTRUCTIONS.length + doc.length + 'How much do tickets cost?'.length) / 4;
    const expected = (2 * (audioIn * 32 + audioOut * 64 + textIn * 4)) / 1e6;
    expect(plan.lines).toEqual([
      { what: 'realtime responses (2 sessions)', model: 'gpt-realtime-1.5', calls: 2, cost: expect.any(Number) },
    ]);
    expect(plan.cost).toBeCloseTo(expected, 10);
    expect(plan.unknownModels).toEqual([]);
    expect(plan.prices.date).toBe(loadPrices().date);
  });
});
