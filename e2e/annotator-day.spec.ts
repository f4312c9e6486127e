/** End to end: an annotator's day in the Label view — dialogs over the waveform, regions kept drawn, own progress. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { SCREEN_SIZES, StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { ImportPage } from './pages/import-page';
import { WaveformPage } from './pages/waveform-page';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoPeople } from './support/demo-labels';
import { fixture } from '../test-support/fixtures';
import { listAnnotators } from '../main/annotation/annotators';
import { decide } from '../main/annotation/adjudication';
import { listEpisodes } from '../main/db/episodes';
import { listStudies } from '../main/db/studies';
import { exportBundle } from '../main/annotation/exchange';
import { writeBatch } from '../main/importers/write-batch';
import type { BatchEpisode } from '../main/importers/batch';

const ORDER = 'demo-retail-order-status';
const FLIGHT = 'demo-airline-change-flight';
const RETURN = 'demo-retail-return-interrupt';
const BIRTH = 'demo-intake-date-of-birth';
const EMAIL = 'demo-intake-email';
const LAST = 'dsb-demo-unanswerable-t1';

const dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-day-'));
const dbPath = join(dir, 'earshot.db');
/** Ana's labels of the demo study as an exchange bundle, and a file that is not one. */
const bundlePath = join(dir, 'ana.json');
const junkPath = join(dir, 'junk.json');
/** A τ study with simulation UUIDs for ids, readable task ids, and a call with no system. */
const TAU_STUDY = 'τ-Voice sample';
/** A study name long enough to run well past the study picker. */
const LONG_NAME = 'VERA sample from the grader outputs of the long-context track, second run, all five prompts';
const TAU_SIM = '49b22f0c-4a56-41c5-922f-bc2a56e53a23';
let tauStudyId = 0;

function tauEpisode(externalId: string, task: string, system: string): BatchEpisode {
  const turns = [{ speaker: 'user' as const, startMs: 0, endMs: 900, text: `call about task ${task}` }];
  return {
    externalId,
    system,
    task,
    trial: 0,
    condition: { domain: 'retail' },
    outcome: 'fail',
    reward: 0,
    durationMs: 1000,
    info: {},
    turns,
    audio: [],
    judgements: [],
    annotations: [],
  };
}

/** Ana and Ben label the demo study: they agree on ORDER, dispute FLIGHT, and Judy decides their dispute on BIRTH. */
async function seed(): Promise<void> {
  const { services, ana, ben, label } = await seedDemoPeople(dbPath);
  for (const [call, a, b] of [
    [ORDER, 'agent', 'agent'],
    [FLIGHT, 'agent', 'user'],
    [BIRTH, 'agent', 'user'],
  ]) {
    label(ana, call, 'source', a);
    label(ben, call, 'source', b);
  }
  const judy = listAnnotators(services.db).find((a) => a.name === 'Judy Park')!.id;
  const birth = listEpisodes(services.db, listStudies(services.db)[0].id).find((e) => e.externalId === BIRTH)!.id;
  const now = new Date('2026-01-02T03:04:05Z');
  decide(
    services.db,
    { episodeId: birth, field: 'source', value: 'agent', rationale: 'heard', adjudicatorId: judy },
    now,
  );
  writeFileSync(bundlePath, JSON.stringify(exportBundle(services.db, listStudies(services.db)[0].id, ana, now)));
  writeFileSync(junkPath, '{"not": "a bundle"}');
  const episodes = [
    tauEpisode(TAU_SIM, '40', 'gpt-realtime'),
    tauEpisode('7c6a3e3e-ac3f-406f-aea9-8cacb0a2e680', '98', 'gpt-realtime'),
    tauEpisode('cd9c5ed2-9751-4c86-8dac-8a895a332e41', '20', ''),
  ];
  const batch = {
    format: 'generic',
    benchmark: 'tau-voice',
    studyName: TAU_STUDY,
    studyInfo: {},
    source: 'test',
  } as const;
  const summary = await writeBatch(services.db, { ...batch, episodes, skipped: 0, warnings: [] }, { now });
  tauStudyId = summary.study.id;
  services.db.close();
}

let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;
let imports: ImportPage;
let waveform: WaveformPage;

beforeAll(async () => {
  await seed();
  host = await startHost([], { db: dbPath });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
  imports = new ImportPage(page);
  waveform = new WaveformPage(page);
  await studio.open(host.url);
  await labels.addAnnotator('Rae Quinn');
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('dialogs over an open call', () => {
  it('draws the Import dialog above the waveform, and its × closes it without seeking', async () => {
    await studio.openEpisode('demo-retail-return-interrupt');
    await imports.open();
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      for (const id of ['import-title', 'import-hint', 'import-close']) {
        await expect(studio.testIdOnTopOf(page.getByTestId(id))).resolves.toBe(id);
      }
    }
    await page.setViewportSize(SCREEN_SIZES[0]);
    await studio.screenshotAtBothSizes('day-import-over-call');
    const before = await studio.mediaTime();
    await imports.close();
    expect(await studio.mediaTime()).toBe(before);
  });

  it('draws the shortcut list above the waveform', async () => {
    await studio.press('?');
    const list = page.getByTestId('shortcuts');
    await list.waitFor();
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await expect(studio.testIdOnTopOf(page.getByTestId('shortcuts-title'))).resolves.toBe('shortcuts-title');
      const rows = page.getByTestId('shortcut');
      const count = await rows.count();
      for (let i = 0; i < count; i += 4) {
        if (await rows.nth(i).isVisible()) await expect(studio.testIdOnTopOf(rows.nth(i))).resolves.toBe('shortcut');
      }
    }
    await page.setViewportSize(SCREEN_SIZES[0]);
    await studio.screenshotAtBothSizes('day-shortcuts-over-call');
    await studio.press('Escape');
    await list.waitFor({ state: 'detached' });
  });
});

describe('labelled regions on the waveform', () => {
  it('keeps a region drawn after the commit and on reopening the call', async () => {
    await studio.openEpisode('demo-retail-return-interrupt');
    await studio.press('r');
    const before = await labels.revision();
    await waveform.drag(0.3, 0.5);
    await labels.waitForAck(before);
    // The first label reveals the judge: the call is fetched again, and the region must stay drawn.
    await page.getByTestId('judge-verdict').waitFor();
    await page.waitForTimeout(300);
    await expect.poll(() => waveform.drawnRegions()).toBe(1);
    await studio.press('r');
    await studio.press('e');
    await page.getByTestId('label-commit').click();
    await expect.poll(() => labels.panel().getAttribute('data-phase')).toBe('final');
    await page.waitForTimeout(300);
    await expect.poll(() => waveform.drawnRegions()).toBe(1);
    expect(await waveform.firstErrorMarkers()).toBe(1);
    await studio.openEpisode('demo-retail-order-status');
    await studio.openEpisode('demo-retail-return-interrupt');
    await expect.poll(() => waveform.drawnRegions()).toBe(1);
    expect(await waveform.firstErrorMarkers()).toBe(1);
    await studio.screenshotAtBothSizes('day-region-after-reopen');
    await page.reload();
    await studio.episodeRows().first().waitFor();
    await studio.openEpisode('demo-retail-return-interrupt');
    await expect.poll(() => waveform.drawnRegions()).toBe(1);
  });
});

describe('my progress in the episode list', () => {
  it('marks each call unlabelled, in progress or committed, and follows my labels', async () => {
    await expect(studio.rowMarks(RETURN)).resolves.toEqual({ mine: 'committed', study: '' });
    await expect(studio.rowMarks(ORDER)).resolves.toEqual({ mine: 'unlabelled', study: '' });
    await studio.openEpisode(EMAIL);
    await labels.choose('source', 'agent');
    await expect.poll(() => studio.rowMarks(EMAIL)).toEqual({ mine: 'in_progress', study: '' });
    await studio.screenshotAtBothSizes('day-progress-marks');
  });

  it('filters by my progress; the study marks are disabled in a blind study, with the reason', async () => {
    await studio.filterByProgress('committed', 1);
    await expect(studio.externalIdsOfRows('')).resolves.toEqual([RETURN]);
    await studio.filterByProgress('in_progress', 1);
    await expect(studio.externalIdsOfRows('')).resolves.toEqual([EMAIL]);
    await studio.filterByProgress('unlabelled', 8);
    await studio.screenshotAtBothSizes('day-progress-filter-unlabelled');
    const disputed = page.getByTestId('filter-progress').locator('option[value="disputed"]');
    await expect(disputed.isDisabled()).resolves.toBe(true);
    await expect(disputed.getAttribute('title')).resolves.toMatch(/is blind/);
    await studio.filterByProgress('', 10);
  });

  it('opens the next call I have not labelled with Shift + J, wrapping round', async () => {
    await studio.openEpisode(ORDER);
    await studio.press('Shift+J');
    await page.getByTestId('episode-title').filter({ hasText: FLIGHT }).waitFor();
    await studio.openEpisode(RETURN);
    await studio.press('Shift+J');
    await page.getByTestId('episode-title').filter({ hasText: BIRTH }).waitFor();
    await studio.openCall(LAST);
    await studio.press('Shift+J');
    await page.getByTestId('episode-title').filter({ hasText: ORDER }).waitFor();
    const selected = page.locator('[data-testid="episode-row"][aria-selected="true"]');
    await expect(selected.textContent()).resolves.toContain(ORDER);
  });

  it("shows an adjudicator the study's disputes and decisions, and filters by them", async () => {
    await labels.switchTo('Judy Park');
    await expect.poll(() => studio.rowMarks(FLIGHT)).toEqual({ mine: 'unlabelled', study: 'disputed' });
    await expect(studio.rowMarks(BIRTH)).resolves.toEqual({ mine: 'unlabelled', study: 'adjudicated' });
    await expect(studio.rowMarks(ORDER)).resolves.toEqual({ mine: 'unlabelled', study: '' });
    await studio.screenshotAtBothSizes('day-progress-study-marks');
    await studio.filterByProgress('disputed', 1);
    await expect(studio.externalIdsOfRows('')).resolves.toEqual([FLIGHT]);
    await studio.filterByProgress('adjudicated', 1);
    await studio.filterByProgress('', 10);
    await labels.switchTo('Rae Quinn');
  });
});

describe('with the judge hidden until the commit', () => {
  it('says so in the judge pane, also to a window with no annotator chosen', async () => {
    await labels.tab('setup');
    await page.getByTestId('setting-hideJudgeUntilCommit').click();
    await page.locator('[data-testid="setting-hideJudgeUntilCommit"]:checked').waitFor();
    await labels.tab('label');
    await studio.openEpisode(ORDER);
    await page.getByTestId('judge-hidden').filter({ hasText: 'Hidden until you commit' }).waitFor();
    const other = await browser.newPage({ viewport: SCREEN_SIZES[0] });
    const stranger = new StudioPage(other);
    await stranger.open(host.url);
    await stranger.openEpisode(ORDER);
    await other.getByTestId('judge-hidden').filter({ hasText: 'until' }).waitFor();
    expect(await other.getByText('No judge output').count()).toBe(0);
    await stranger.screenshotAtBothSizes('day-judge-hidden-no-annotator');
    await other.close();
  });

  it('turns the judge filter off, saying why, and on again for an adjudicator', async () => {
    const judge = page.getByTestId('filter-judge');
    await expect.poll(() => judge.isDisabled()).toBe(true);
    await expect(judge.getAttribute('title')).resolves.toMatch(/hidden in this study until you commit/);
    await studio.screenshotAtBothSizes('day-judge-filter-hidden');
    await labels.switchTo('Judy Park');
    await expect.poll(() => judge.isDisabled()).toBe(false);
    await judge.selectOption('fail');
    await expect.poll(() => studio.episodeRows().count()).toBe(3);
    await judge.selectOption('');
    await labels.switchTo('Rae Quinn');
    await expect.poll(() => judge.isDisabled()).toBe(true);
    await labels.tab('setup');
    await page.getByTestId('setting-hideJudgeUntilCommit').click();
    await page.locator('[data-testid="setting-hideJudgeUntilCommit"]:not(:checked)').waitFor();
    await labels.tab('label');
  });
});

describe('the smaller things', () => {
  it('shows one view tab selected at a time: Runs laid over Setup is the only one', async () => {
    await labels.tab('setup');
    await page.getByTestId('tab-runs').click();
    await page.getByTestId('runs-view').waitFor();
    const selected = () =>
      page
        .locator('[role="tab"][aria-selected="true"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    await expect(selected()).resolves.toEqual(['tab-runs']);
    await studio.screenshotAtBothSizes('day-tabs-runs-over-setup');
    await page.getByTestId('tab-runs').click();
    await expect.poll(selected).toEqual(['tab-setup']);
  });

  it('clears an old success when a new attempt fails (a label bundle, then a file that is not one)', async () => {
    await page.getByTestId('exchange-import').setInputFiles(bundlePath);
    await page.getByTestId('exchange-result').filter({ hasText: 'Ana Lima' }).waitFor();
    await page.getByTestId('exchange-import').setInputFiles(junkPath);
    await page.getByTestId('exchange-error').waitFor();
    expect(await page.getByTestId('exchange-result').count()).toBe(0);
    await studio.screenshotAtBothSizes('day-setup-new-error');
    await labels.tab('label');
  });

  it('keeps the tabs in place when a study with a long name comes, and shows τ as written in headings', async () => {
    const tabX = async () => (await page.getByTestId('tab-label').boundingBox())!.x;
    const before = await tabX();
    await imports.open();
    await imports.importPath(fixture('vera', 'test_voice_episodes', 'test.json'), LONG_NAME);
    await imports.openStudy();
    await expect.poll(() => page.getByTestId('study-picker').inputValue()).not.toBe(String(tauStudyId));
    expect(await tabX()).toBe(before);
    await studio.screenshotAtBothSizes('day-long-study-name');
    await page.getByTestId('study-picker').selectOption(String(tauStudyId));
    await studio.episodeRows().filter({ hasText: 'task 40' }).waitFor();
    await page.getByTestId('tab-runs').click();
    await expect(page.getByTestId('judges-study').innerText()).resolves.toContain('τ-Voice sample');
    await page.getByTestId('tab-runs').click();
  });

  it('names τ calls by task and trial, with the id after, and filters by "no system"', async () => {
    const row = studio.episodeRows().filter({ hasText: TAU_SIM });
    await expect(row.locator('.ext-id').innerText()).resolves.toMatch(/^task 40 · trial 0/);
    const system = page.getByTestId('filter-system');
    await expect(system.locator('option').allTextContents()).resolves.toEqual(['all', '(no system)', 'gpt-realtime']);
    await system.selectOption({ label: '(no system)' });
    await expect.poll(() => studio.episodeRows().count()).toBe(1);
    await expect(studio.episodeRows().first().textContent()).resolves.toContain('task 20');
    await studio.openCall('cd9c5ed2-9751-4c86-8dac-8a895a332e41');
    await expect(page.getByTestId('episode-title').innerText()).resolves.toMatch(/^task 20 · trial 0/);
    await studio.screenshotAtBothSizes('day-tau-study-no-system');
    await system.selectOption('');
    await expect.poll(() => studio.episodeRows().count()).toBe(3);
  });
});
