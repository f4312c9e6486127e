/**
 * End to end: an annotator's day in the Label view — dialogs over the waveform, regions kept drawn, own progress.
 * Independent tests: every host is seeded through the CLI (the τ study by `earshot import`, Ana's, Ben's and Rae's
 * labels by `earshot labels import`) plus Judy's decision on one dispute, which goes through the product's decide()
 * because the CLI has no command for roles or decisions (demo-decision.ts). Tests that only read share their
 * `describe`'s host; a test that writes gets a host of its own. Every test opens a fresh page, labels as Rae Quinn
 * and goes where it needs itself, so any test runs alone and in any order.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixture } from '../test-support/fixtures';
import { useChromium, useFreshPage, useSeededHost, useTestScope } from './support/spec-hooks';
import type { Seed } from './support/seeded-host';
import type { TestHost } from './support/host';
import { writeLabelBundle, type BundleLabel } from './support/label-bundle';
import { seedDemoDecision } from './support/demo-decision';
import { SCREEN_SIZES, StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { ImportPage } from './pages/import-page';
import { WaveformPage } from './pages/waveform-page';

const ORDER = 'demo-retail-order-status';
const FLIGHT = 'demo-airline-change-flight';
const RETURN = 'demo-retail-return-interrupt';
const BIRTH = 'demo-intake-date-of-birth';
const EMAIL = 'demo-intake-email';
const LAST = 'dsb-demo-unanswerable-t1';

/** A τ study with simulation UUIDs for ids, readable task ids, and a call with no system. */
const TAU_STUDY = 'τ-Voice sample';
/** A study name long enough to run well past the study picker. */
const LONG_NAME = 'VERA sample from the grader outputs of the long-context track, second run, all five prompts';
const TAU_SIM = '49b22f0c-4a56-41c5-922f-bc2a56e53a23';

/** One failed τ call of the sample study as a generic JSONL line: one user turn, no audio. */
const tauEpisode = (id: string, task: string, system: string) => ({
  schema: 'earshot-episode-v1',
  id,
  system,
  task,
  trial: 0,
  condition: { domain: 'retail' },
  outcome: 'fail',
  reward: 0,
  duration_ms: 1000,
  turns: [{ speaker: 'user', start_ms: 0, end_ms: 900, text: `call about task ${task}` }],
});

/** Writes the τ sample study as a JSONL file in `dir` for `earshot import`; returns its path. */
function writeTauStudy(dir: string): string {
  const lines = [
    { schema: 'earshot-study-v1', name: TAU_STUDY, benchmark: 'tau-voice' },
    tauEpisode(TAU_SIM, '40', 'gpt-realtime'),
    tauEpisode('7c6a3e3e-ac3f-406f-aea9-8cacb0a2e680', '98', 'gpt-realtime'),
    tauEpisode('cd9c5ed2-9751-4c86-8dac-8a895a332e41', '20', ''),
  ];
  const path = join(dir, 'tau-sample.jsonl');
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}

/** Ana and Ben label the demo study: they agree on ORDER, dispute FLIGHT, and Judy decides their dispute on BIRTH. */
const RATERS: [string, string, string][] = [
  [ORDER, 'agent', 'agent'],
  [FLIGHT, 'agent', 'user'],
  [BIRTH, 'agent', 'user'],
];
const raterLabels = (i: 1 | 2): BundleLabel[] => RATERS.map((r) => ({ episode: r[0], field: 'source', value: r[i] }));

/** Rae's own work before a test: her labels and the calls she committed. */
interface RaeWork {
  labels: BundleLabel[];
  commits: string[];
}
const NOTHING: RaeWork = { labels: [], commits: [] };
/** Rae's work as the region test leaves it: the first error set on RETURN and the call committed. */
const RETURN_COMMITTED: RaeWork = {
  labels: [{ episode: RETURN, field: 'first_error_ms', value: 5000 }],
  commits: [RETURN],
};
/** And as the first progress test leaves it: a label on EMAIL, not committed. */
const EMAIL_IN_PROGRESS: RaeWork = {
  labels: [...RETURN_COMMITTED.labels, { episode: EMAIL, field: 'source', value: 'agent' }],
  commits: RETURN_COMMITTED.commits,
};

/** The day's database: the τ study, Ana's, Ben's and Rae's bundles, and Judy's decision on BIRTH. */
function daySeed(work: string, rae: RaeWork = NOTHING): Seed {
  return {
    imports: [{ path: writeTauStudy(work) }],
    labelBundles: [
      writeLabelBundle(work, 'ana.json', 'Ana Lima', raterLabels(1)),
      writeLabelBundle(work, 'ben.json', 'Ben Okafor', raterLabels(2)),
      writeLabelBundle(work, 'rae.json', 'Rae Quinn', rae.labels, rae.commits),
    ],
    after: (place) =>
      seedDemoDecision(place.db!, {
        adjudicator: 'Judy Park',
        episode: BIRTH,
        field: 'source',
        value: 'agent',
        rationale: 'heard',
      }),
  };
}

const chromium = useChromium();
const scope = useTestScope();
const freshPage = useFreshPage(chromium);
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;
let imports: ImportPage;
let waveform: WaveformPage;

beforeEach(() => {
  page = freshPage();
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
  imports = new ImportPage(page);
  waveform = new WaveformPage(page);
});

/** Opens the studio on `host` labelling as Rae Quinn, as every test of the day does. */
async function openAsRae(host: TestHost): Promise<void> {
  await studio.open(host.url);
  await labels.switchTo('Rae Quinn');
}

/** A host of its own for a test that writes, seeded with the day and Rae's work; returns it (the studio open). */
async function ownDay(rae: RaeWork = NOTHING): Promise<TestHost> {
  const host = await scope.host(daySeed(scope.work(), rae));
  await openAsRae(host);
  return host;
}

/** The shared host of a `describe` whose tests only read, seeded with the day and Rae's work. */
const sharedDay = (rae: RaeWork = NOTHING) => useSeededHost({ seed: (work) => daySeed(work, rae) });

describe('dialogs over an open call', () => {
  const host = sharedDay();

  it('draws the Import dialog above the waveform, and its × closes it without seeking', async () => {
    await openAsRae(host());
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
    await openAsRae(host());
    await studio.openEpisode(RETURN);
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
    await ownDay();
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
  const host = sharedDay(EMAIL_IN_PROGRESS);

  it('marks each call unlabelled, in progress or committed, and follows my labels', async () => {
    await ownDay(RETURN_COMMITTED);
    // The marks arrive after the list: wait for Rae's on RETURN before reading the rest.
    await expect.poll(() => studio.rowMarks(RETURN)).toEqual({ mine: 'committed', study: '' });
    await expect(studio.rowMarks(ORDER)).resolves.toEqual({ mine: 'unlabelled', study: '' });
    await studio.openEpisode(EMAIL);
    await labels.choose('source', 'agent');
    await expect.poll(() => studio.rowMarks(EMAIL)).toEqual({ mine: 'in_progress', study: '' });
    await studio.screenshotAtBothSizes('day-progress-marks');
  });

  it('filters by my progress; the study marks are disabled in a blind study, with the reason', async () => {
    await openAsRae(host());
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
    await openAsRae(host());
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
    await openAsRae(host());
    await labels.switchTo('Judy Park');
    await expect.poll(() => studio.rowMarks(FLIGHT)).toEqual({ mine: 'unlabelled', study: 'disputed' });
    await expect(studio.rowMarks(BIRTH)).resolves.toEqual({ mine: 'unlabelled', study: 'adjudicated' });
    await expect(studio.rowMarks(ORDER)).resolves.toEqual({ mine: 'unlabelled', study: '' });
    await studio.screenshotAtBothSizes('day-progress-study-marks');
    await studio.filterByProgress('disputed', 1);
    await expect(studio.externalIdsOfRows('')).resolves.toEqual([FLIGHT]);
    await studio.filterByProgress('adjudicated', 1);
    await studio.filterByProgress('', 10);
  });
});

describe('with the judge hidden until the commit', () => {
  it('says so in the judge pane, also to a window with no annotator chosen', async () => {
    const host = await ownDay();
    await labels.tab('setup');
    await page.getByTestId('setting-hideJudgeUntilCommit').click();
    await page.locator('[data-testid="setting-hideJudgeUntilCommit"]:checked').waitFor();
    await labels.tab('label');
    await studio.openEpisode(ORDER);
    await page.getByTestId('judge-hidden').filter({ hasText: 'Hidden until you commit' }).waitFor();
    const other = await chromium().newPage({ viewport: SCREEN_SIZES[0] });
    const stranger = new StudioPage(other);
    await stranger.open(host.url);
    await stranger.openEpisode(ORDER);
    await other.getByTestId('judge-hidden').filter({ hasText: 'until' }).waitFor();
    expect(await other.getByText('No judge output').count()).toBe(0);
    await stranger.screenshotAtBothSizes('day-judge-hidden-no-annotator');
    await other.close();
  });

  it('turns the judge filter off, saying why, and on again for an adjudicator', async () => {
    await ownDay();
    // The study hides the judge until the commit, switched on in Setup as the test above does (no CLI command).
    await labels.tab('setup');
    await page.getByTestId('setting-hideJudgeUntilCommit').click();
    await page.locator('[data-testid="setting-hideJudgeUntilCommit"]:checked').waitFor();
    await labels.tab('label');
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
  const host = sharedDay();

  it('shows one view tab selected at a time: Runs laid over Setup is the only one', async () => {
    await openAsRae(host());
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
    // Ana's bundle, whose labels the database holds already, and a file that is not a bundle.
    const work = scope.work();
    await openAsRae(await scope.host(daySeed(work)));
    const junkPath = join(work, 'junk.json');
    writeFileSync(junkPath, '{"not": "a bundle"}');
    await labels.tab('setup');
    await page.getByTestId('exchange-import').setInputFiles(join(work, 'ana.json'));
    await page.getByTestId('exchange-result').filter({ hasText: 'Ana Lima' }).waitFor();
    await page.getByTestId('exchange-import').setInputFiles(junkPath);
    await page.getByTestId('exchange-error').waitFor();
    expect(await page.getByTestId('exchange-result').count()).toBe(0);
    await studio.screenshotAtBothSizes('day-setup-new-error');
    await labels.tab('label');
  });

  it('keeps the tabs in place when a study with a long name comes, and shows τ as written in headings', async () => {
    await openAsRae(await scope.host(daySeed(scope.work())));
    const picker = page.getByTestId('study-picker').locator('option');
    const options = await picker.evaluateAll((els) =>
      els.map((e) => [e.textContent ?? '', (e as HTMLOptionElement).value]),
    );
    const tauStudyId = options.find(([text]) => text.startsWith(TAU_STUDY))![1];
    const tabX = async () => (await page.getByTestId('tab-label').boundingBox())!.x;
    const before = await tabX();
    await imports.open();
    await imports.importPath(fixture('vera', 'test_voice_episodes', 'test.json'), LONG_NAME);
    await imports.openStudy();
    await expect.poll(() => page.getByTestId('study-picker').inputValue()).not.toBe(tauStudyId);
    expect(await tabX()).toBe(before);
    await studio.screenshotAtBothSizes('day-long-study-name');
    await page.getByTestId('study-picker').selectOption(tauStudyId);
    await studio.episodeRows().filter({ hasText: 'task 40' }).waitFor();
    await page.getByTestId('tab-runs').click();
    await expect(page.getByTestId('judges-study').innerText()).resolves.toContain('τ-Voice sample');
    await page.getByTestId('tab-runs').click();
  });

  it('names τ calls by task and trial, with the id after, and filters by "no system"', async () => {
    await openAsRae(host());
    await studio.selectStudy(TAU_STUDY);
    await studio.episodeRows().filter({ hasText: 'task 40' }).waitFor();
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
