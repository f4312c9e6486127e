/** `earshot run` with a gemini-live system file against the local Gemini Live server: a whole run into a study. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeGeminiSystem } from '../../test-support/gemini-server/fixtures';
import { startFakeGemini, type FakeGemini } from '../../test-support/gemini-server/server';
import { decodeText } from '../../test-support/openai-server/fsk';
import { exampleSetAt } from '../../test-support/openai-server/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from '../../test-support/openai-server/server';
import { readWavHeader } from '../audio/wav-header';
import { getAssetFile } from '../db/audio';
import { getEpisode } from '../db/episodes';
import { openDatabase } from '../db/open';
import type { RunDetail } from '../../shared/types/runs';
import { runEarshotAsync } from '../../test-support/earshot-cli';

/** The server's scripted delay before the first audio of every reply, ms. */
const DELAY_MS = 60;
let gemini: FakeGemini;
let openai: FakeOpenAi;
const home = mkdtempSync(join(tmpdir(), 'earshot-gemini-run-'));
const db = join(home, 'runs.db');

function earshot(args: string[]) {
  return runEarshotAsync({ home, env: { OPENAI_API_KEY: openai.apiKey, FAKE_GEMINI_KEY: gemini.apiKey } }, ...args);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)],
  );
}

let detail: RunDetail;
let stderr: string;
beforeAll(async () => {
  [gemini, openai] = await Promise.all([startFakeGemini({ firstAudioDelayMs: DELAY_MS }), startFakeOpenAi()]);
  const set = exampleSetAt(home, 'dsb-dg-mini.jsonl', openai.baseUrl);
  const system = join(home, 'gemini.json');
  writeFileSync(system, JSON.stringify(fakeGeminiSystem(gemini.baseUrl, { documentDelivery: 'item' })));
  // One episode at a time, so the faults fall in order: the first turn's socket drops (the episode is retried), the
  // retry's first reply comes after two malformed messages, and the next episode's first reply is interrupted.
  gemini.failTurn({ kind: 'drop' });
  gemini.failTurn({ kind: 'malformed' });
  gemini.failTurn({ kind: 'interrupted', afterChunks: 2 });
  const res = await earshot(['run', '--set', set, '--system', system, '--concurrency', '1', '--db', db, '--json']);
  expect(res.code, res.stderr).toBe(0);
  stderr = res.stderr;
  detail = JSON.parse(res.stdout) as RunDetail;
}, 120_000);
afterAll(async () => {
  await Promise.all([gemini.close(), openai.close()]);
  rmSync(home, { recursive: true, force: true });
});

/** The stored episodes of the run, read through the episode owner. */
function episodes() {
  const handle = openDatabase(db);
  try {
    return detail.episodes.map((e) => {
      const ep = getEpisode(handle, e.episodeId!)!;
      return { ...ep, attempts: e.attempts, wav: getAssetFile(handle, ep.audio[0].id)!.path };
    });
  } finally {
    handle.close();
  }
}

const warningsOf = (ep: ReturnType<typeof episodes>[number]) => ep.episode.info.warnings as string[];

describe('earshot run with a gemini-live system', () => {
  it('runs every episode of the set into a study, retrying the one whose socket dropped', () => {
    expect(stderr).toBe('');
    expect(detail.run).toMatchObject({ status: 'done', planned: 3, done: 3, failed: 0, systemKind: 'gemini-live' });
    expect(detail.episodes.map((e) => e.attempts).sort()).toEqual([1, 1, 2]);
    const retried = episodes().find((e) => e.attempts === 2)!;
    expect(warningsOf(retried)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^episode attempt 1 failed: Gemini Live socket closed \(code 1006\)/),
        expect.stringMatching(/^malformed Gemini Live message \(not JSON\)/),
        'malformed Gemini Live message: serverContent.turnComplete: Invalid input: expected boolean, received string',
      ]),
    );
    expect(retried.episode.condition).toMatchObject({ system_kind: 'gemini-live' });
  });

  it('records the caller on the left, the agent on the right, each reply its measured delay after the question', () => {
    const clean = episodes().filter((e) => !warningsOf(e).some((w) => w.includes('interrupted')));
    expect(clean.length).toBe(2);
    for (const ep of clean) {
      const header = readWavHeader(ep.wav);
      expect([header.channels, header.sampleRate, header.bitsPerSample]).toEqual([2, 24000, 16]);
      const bytes = readFileSync(ep.wav);
      const data = bytes.subarray(header.dataOffset, header.dataOffset + header.dataBytes);
      const stereo = new Int16Array(data.buffer, data.byteOffset, data.length / 2);
      const lane = (c: number, startMs: number, endMs: number) =>
        Float32Array.from(
          { length: Math.round((endMs - startMs) * 24) },
          (_, i) => stereo[(Math.round(startMs * 24) + i) * 2 + c] / 32768,
        );
      const info = ep.episode.info as { firstAudioMs: number[]; heard: string[] };
      const spoken = ep.turns.filter((x) => x.speaker !== 'system');
      for (let i = 0; i < spoken.length; i += 2) {
        const [user, agent] = [spoken[i], spoken[i + 1]];
        expect(decodeText(lane(0, user.startMs!, user.endMs!)).text).toBe(user.text);
        expect(decodeText(lane(1, agent.startMs!, agent.endMs!)).text).toBe(agent.text);
        expect(info.heard[i / 2]).toBe(user.text);
        expect(info.firstAudioMs[i / 2]).toBeGreaterThanOrEqual(DELAY_MS - 5);
        expect(Math.abs(agent.startMs! - user.endMs! - info.firstAudioMs[i / 2])).toBeLessThanOrEqual(1);
      }
    }
    expect(detail.medianFirstAudioMs).toBeGreaterThanOrEqual(DELAY_MS - 5);
  });

  it('keeps an interrupted reply’s audio up to the interruption, and says so', () => {
    const cut = episodes().filter((e) =>
      warningsOf(e).includes('Gemini Live: the reply was interrupted after 200 ms of audio'),
    );
    expect(cut.length).toBe(1);
    const agent = cut[0].turns.find((x) => x.speaker === 'agent')!;
    expect(agent.endMs! - agent.startMs!).toBe(200);
  });

  it('speaks the protocol: setup first, the document as clientContent, and the key never stored', () => {
    const served = gemini.connections.filter((c) => c.authorized);
    expect(served.length).toBe(4);
    for (const c of served)
      expect(c.log.slice(0, 3)).toEqual(['setup', 'clientContent', 'realtimeInput.activityStart']);
    for (const f of filesUnder(home)) expect(readFileSync(f).includes(Buffer.from(gemini.apiKey)), f).toBe(false);
  });
});
