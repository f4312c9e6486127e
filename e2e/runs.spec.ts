/**
 * End to end: start a run of the DSB-DG example against a Realtime system from the Runs view, watch its progress and
 * ETA, and open the study its judged episodes land in. The system and judge are the local OpenAI-protocol server
 * (test-support/openai-server) on 127.0.0.1, reached by the serve child through the real `ws` and `openai` clients.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleSetAt, fakeJudge, fakeSystem } from '../test-support/openai-server/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from '../test-support/openai-server/server';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { RunsPage } from './pages/runs-page';

let fake: FakeOpenAi;
let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let runs: RunsPage;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'earshot-e2e-runs-'));
  fake = await startFakeOpenAi({ firstAudioDelayMs: 120, chunkMs: 100 });
  host = await startHost([], { env: { OPENAI_API_KEY: fake.apiKey } });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  runs = new RunsPage(page, fake);
  await studio.open(host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await fake?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('runs from the studio', () => {
  it('starts a Realtime run and shows its progress with an ETA', async () => {
    const set = exampleSetAt(work, 'dsb-dg-mini.jsonl', fake.baseUrl);
    const system = join(work, 'realtime.json');
    const judge = join(work, 'judge.json');
    writeFileSync(system, JSON.stringify(fakeSystem('realtime', fake.baseUrl, { pace: 3, concurrency: 1 })));
    writeFileSync(judge, JSON.stringify(fakeJudge(fake.baseUrl)));
    await runs.open();
    await expect(page.getByTestId('key-status').textContent()).resolves.toBe('OPENAI_API_KEY: from the environment');
    await runs.start({ set, system, judge, concurrency: 1 });
    const [done, total, eta] = await runs.waitMidway(1);
    expect(done).toBeGreaterThanOrEqual(1);
    expect(total).toBe(3);
    expect(eta).toMatch(/^ETA \d+:\d\d$/);
    await studio.screenshot('runs-progress');
    await runs.waitFinished();
    // The run table is read again after the job's end: its row follows a moment later.
    await runs.waitRow(1, 'done');
    await expect(runs.row(1).textContent()).resolves.toContain('3 / 3');
  });

  it('lands the judged, recorded episodes in a study ready to replay', async () => {
    await runs.row(1).getByTestId('run-open-study').click();
    await expect(page.getByTestId('study-picker').locator('option:checked').textContent()).resolves.toBe('DSB-DG mini (library policy) × fake-realtime (3)');
    await expect.poll(() => studio.episodeRows().count()).toBe(3);
    await studio.openEpisode('library-t1-decay-6@fake-realtime#0');
    await expect(page.locator('.lane-label').allTextContents()).resolves.toEqual(['user', 'agent']);
    await expect(page.getByTestId('judge-verdict').textContent()).resolves.toMatch(/^(grounded|ungrounded)_script$/);
    await expect(studio.turns().count()).resolves.toBe(13);
    await studio.screenshot('runs-episode');
  });
});
