/**
 * End to end: a run started from the Runs view is cancelled mid-way and resumed. The system and judge are the local
 * OpenAI-protocol server, which holds each episode's Realtime call until the test lets it through, so the run is
 * caught between two episodes by events, not by timing. What the view says is checked against what was stored
 * (`earshot episodes --json`) and against the calls the server answered.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earshotJson } from '../test-support/earshot-cli';
import { exampleSetAt, fakeJudge, fakeSystem } from '../test-support/openai-server/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from '../test-support/openai-server/server';
import { launchChromium } from './support/browser';
import { startSeededHost } from './support/seeded-host';
import type { TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { RunsPage } from './pages/runs-page';

const STUDY = 'Cancelled and resumed';

/** The external ids the set's items get in the study: `<item>@<system>#<trial>` (docs/runner.md), one trial each. */
function plannedIds(setPath: string, system: string): string[] {
  const [, ...items] = readFileSync(setPath, 'utf8').trim().split('\n');
  return items.map((l) => `${(JSON.parse(l) as { id: string }).id}@${system}#0`);
}

describe('cancel and resume a run', () => {
  let fake: FakeOpenAi;
  let host: TestHost;
  let browser: Browser;
  let page: Page;
  let runs: RunsPage;
  let studio: StudioPage;
  let set: string;
  let system: string;
  let judge: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    host = await startSeededHost({}, [], { env: { OPENAI_API_KEY: fake.apiKey } });
    set = exampleSetAt(host.home, 'dsb-dg-mini.jsonl', fake.baseUrl);
    system = join(host.home, 'realtime.json');
    judge = join(host.home, 'judge.json');
    // A long handshake timeout: a held call is never given up by the client while the test looks at the view.
    writeFileSync(system, JSON.stringify(fakeSystem('realtime', fake.baseUrl, { responseTimeoutMs: 120_000 })));
    writeFileSync(judge, JSON.stringify(fakeJudge(fake.baseUrl)));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    runs = new RunsPage(page, fake);
    studio = new StudioPage(page);
    await studio.open(host.url);
  });

  afterAll(async () => {
    await browser?.close();
    await host?.stop();
    await fake?.close();
  });

  it('cancel keeps the episodes done so far; resume runs only the rest, none twice', async () => {
    const place = { home: host.home, db: host.dbPath };
    const episodes = () =>
      earshotJson<{ episodes: { externalId: string }[] }>(place, 'episodes', '--study', STUDY).episodes.map(
        (e) => e.externalId,
      );
    const planned = plannedIds(set, 'fake-realtime');
    expect(planned).toHaveLength(3); // dsb-dg-mini.jsonl: a header line and three items
    await runs.open();
    await runs.start({ set, system, judge, study: STUDY, concurrency: 1 });
    const [done, total] = await runs.waitMidway(1);
    expect([done, total]).toEqual([1, 3]);
    expect(fake.realtimeSessions).toHaveLength(1);

    await runs.cancel();
    await expect(runs.jobStatus()).resolves.toBe('cancelled');
    await expect(runs.jobMessage()).resolves.toBe('cancelled at 1 of 3; what finished is kept');
    const cancelled = await runs.waitRow(1, 'cancelled');
    expect(cancelled.done).toBe('1 / 3');
    // The second episode's call was given up by the studio (its socket closed), never answered.
    await expect.poll(() => fake.held('realtime')).toBe(0);
    expect(episodes()).toEqual([planned[0]]);
    await studio.screenshotAtBothSizes('run-cancelled');

    fake.release();
    await runs.resume(1);
    await runs.waitFinished();
    await expect(runs.jobStatus()).resolves.toBe('done');
    await expect(runs.waitRow(1, 'done')).resolves.toEqual({ status: 'done', done: '3 / 3' });
    expect(episodes().sort()).toEqual([...planned].sort());
    // One Realtime session per episode: the first before the cancel, the other two after the resume.
    expect(fake.realtimeSessions).toHaveLength(3);
    await studio.screenshotAtBothSizes('run-resumed');
  });
});
