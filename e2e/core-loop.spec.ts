/**
 * The loop a user runs, end to end in Chromium on a fresh `earshot serve`: the τ-Elicitation release imported through
 * the Import dialog, two blind annotators labelling the same calls, the blind one refused at Agreement (the adjudicator
 * and, once the study is no longer blind, the annotator are not), one final value and one `unresolved` decided in
 * Adjudicate, then Results, Agreement and the report — and the same figures through `earshot metrics --json`.
 *
 * Every expected count is either recounted here from the release's raw `judge_validation/validation.csv` or follows
 * from the labels this spec gives (shown beside each assertion).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import { fixture, repoRoot } from '../test-support/fixtures';
import { parseCsvRecords } from '../main/util/csv';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { ImportPage } from './pages/import-page';
import { AgreementPage } from './pages/agreement-page';
import { AdjudicationPage } from './pages/adjudication-page';
import { MetricsPage } from './pages/metrics-page';

const STUDY = 'Core loop τ-Elicitation';
const FIELD = 'error_source';

/** The release's two annotators on error_source, recounted from the raw file: agreeing labels by value, and disputes. */
function releaseRecount(): { agreed: Record<string, number>; disputes: number; items: number } {
  const csv = readFileSync(fixture('tau-elicitation', 'judge_validation', 'validation.csv'), 'utf8');
  const agreed: Record<string, number> = {};
  let disputes = 0;
  let items = 0;
  for (const r of parseCsvRecords(csv).records) {
    const [a, b] = [r.human_error_source_a, r.human_error_source_b];
    if (!a || !b) continue;
    items += 1;
    if (a === b) agreed[a] = (agreed[a] ?? 0) + 1;
    else disputes += 1;
  }
  return { agreed, disputes, items };
}

const release = releaseRecount();
let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;
let agreement: AgreementPage;
let adjudication: AdjudicationPage;
let results: MetricsPage;
/** The two calls both annotators label: on the first they disagree (agent / user), on the second both say agent. */
let disputed = '';
let agreed = '';

/** The resolved view's rows of the failure table for one system, as label → count. */
async function resolvedCounts(system: string): Promise<Record<string, number>> {
  const rows = (await results.rows('failure-labels')).filter(
    (r) => r.view === 'resolved' && r.system === system && r.kind === FIELD,
  );
  return Object.fromEntries(rows.map((r) => [r.label, Number(r.count)]));
}

beforeAll(async () => {
  expect(release).toMatchObject({ items: 100, disputes: 3 }); // validation.csv: 100 validated calls, A ≠ B on three
  host = await startHost();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
  agreement = new AgreementPage(page);
  adjudication = new AdjudicationPage(page);
  results = new MetricsPage(page);
  await studio.open(host.url);
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

/**
 * A story, not independent tests: each step works on what the one before left (the imported study, the labels, the
 * decisions) on one page and one host, so the steps run in this order and one cannot run alone — unlike the other
 * specs, whose tests each start from a seeded host and a fresh page (docs/testing.md).
 */
describe('the core loop: import → two blind annotators → adjudication → Results, Agreement, report', () => {
  it('imports the τ-Elicitation release through the Import dialog into a blind study', async () => {
    const importer = new ImportPage(page);
    await importer.open();
    expect(await importer.importPath(fixture('tau-elicitation'), STUDY)).toMatch(/imported 705 episodes/);
    await importer.openStudy();
    // The demo study's rows stay until the new study's arrive.
    await studio.episodeRows().filter({ hasText: 'gemini_high' }).first().waitFor();
    [disputed, agreed] = (await studio.externalIdsOfRows('gemini_high')).slice(0, 2);
    expect(disputed).toMatch(/\S/);
    expect(agreed).toMatch(/\S/);
    await labels.tab('setup');
    expect(await page.getByTestId('setting-blind').isChecked()).toBe(true); // imported studies start blind
  });

  it('two annotators label the same two calls, each without seeing the other', async () => {
    await labels.addAnnotator('Ana Lima');
    await labels.addAnnotator('Ben Okafor');
    await labels.closeMenu();
    await labels.addAnnotator('Judy Park', 'adjudicator');
    await labels.closeMenu();
    expect(await labels.currentAnnotator()).toBe('Ana Lima');
    await labels.tab('label');
    for (const [call, ana] of [
      [disputed, 'agent'],
      [agreed, 'agent'],
    ]) {
      await studio.openCall(call);
      await labels.choose(FIELD, ana);
    }
    await labels.switchTo('Ben Okafor');
    for (const [call, ben] of [
      [disputed, 'user'],
      [agreed, 'agent'],
    ]) {
      await studio.openCall(call);
      expect(await labels.chosen(FIELD)).toEqual([]); // Ana's label is not shown to Ben
      await labels.choose(FIELD, ben);
    }
  });

  it('the blind annotator is refused at Agreement; the adjudicator is not', async () => {
    await labels.tab('agreement');
    await agreement.blindNotice().waitFor();
    expect(await agreement.blindNotice().getAttribute('data-reason')).toBe('blind');
    await expect(page.getByTestId('agreement-blind-reason').textContent()).resolves.toContain('is blind');
    expect(await agreement.result().count()).toBe(0);
    expect(await page.getByTestId('agreement-stats').count()).toBe(0);
    await studio.screenshot('core-loop-agreement-blind-1440x900');

    await labels.switchTo('Judy Park');
    await labels.tab('agreement');
    await agreement.onlyRaters(['Ana Lima', 'Ben Okafor']);
    await agreement.compute(FIELD);
    // Two items labelled by both: one agreement (agent/agent), one not (agent/user) → 1/2.
    expect(await agreement.statistic('percentAgreement')).toBe('0.500');
    expect(await page.getByTestId('agreement-blind-status').count()).toBe(1);
  });

  it('Results count the dispute before any decision', async () => {
    await results.openResults(STUDY);
    expect(await resolvedCounts('gemini_high')).toEqual({ agent: 1, disputed: 1 });
    expect(await resolvedCounts('(no system)')).toEqual({ ...release.agreed, disputed: release.disputes });
  });

  it('the adjudicator decides one final value and one unresolved; the counts follow', async () => {
    const items = release.items + 2;
    const unanimous = release.items - release.disputes + 1; // the release's agreeing calls and ours (agent/agent)
    const open = release.disputes + 1;
    await adjudication.open(FIELD);
    await adjudication.waitForCounts(
      `${FIELD} resolved for ${unanimous} of ${items} (${unanimous} unanimous, 0 decided, 0 unresolved, ${open} open)`,
    );
    await adjudication.select(disputed, false);
    await adjudication.decide('user', 'The caller, not the agent, gave the wrong date first.');
    await adjudication.waitForCounts(
      `${FIELD} resolved for ${unanimous + 1} of ${items} (${unanimous} unanimous, 1 decided`,
    );
    const releaseDispute = (await adjudication.statuses()).find(([id, s]) => s === 'disputed' && id !== disputed);
    expect(releaseDispute).toBeDefined();
    await adjudication.select(releaseDispute![0], false);
    await adjudication.decide('unresolved', 'Neither recording nor notes settle it.');
    await adjudication.waitForCounts(
      `${FIELD} resolved for ${unanimous + 1} of ${items} (${unanimous} unanimous, 1 decided, 1 unresolved, ${open - 2} open)`,
    );
    await adjudication.screenshot('core-loop-adjudicate-1440x900');
  });

  it('Results follow both decisions (a final value and an unresolved one)', async () => {
    await results.openResults(STUDY);
    expect(await page.getByTestId('metrics-error').count()).toBe(0);
    expect(await resolvedCounts('gemini_high')).toEqual({ agent: 1, user: 1 });
    const noSystem = { ...release.agreed, disputed: release.disputes - 1, unresolved: 1 };
    expect(await resolvedCounts('(no system)')).toEqual(noSystem);
    await results.scrollTo('labels');
    await results.screenshot('core-loop-results-labels-1440x900');
    await page.setViewportSize({ width: 1280, height: 720 });
    await results.screenshot('core-loop-results-labels-1280x720');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('Agreement leaves the unresolved item out and says so, and the report carries the adjudication counts', async () => {
    await labels.tab('agreement');
    await agreement.onlyRaters([]);
    await agreement.compute(FIELD);
    await expect(page.getByTestId('unresolved-excluded').textContent()).resolves.toMatch(
      /^1 item adjudicated unresolved left out/,
    );
    const downloads: Download[] = [];
    page.on('download', (d) => downloads.push(d));
    await page.getByTestId('report-markdown').click();
    await expect.poll(() => downloads.length, { timeout: 15_000 }).toBe(2);
    const markdown = downloads.find((d) => d.suggestedFilename().endsWith('.md'))!;
    const text = readFileSync(await markdown.path(), 'utf8');
    const unanimous = release.items - release.disputes + 1;
    expect(text).toContain(
      `Adjudication: ${FIELD.replace('_', '\\_')} resolved for ${unanimous + 1} of ${release.items + 2} ` +
        `(${unanimous} unanimous, 1 decided, 1 unresolved).`,
    );
  });

  it('the blind annotator sees Agreement once the adjudicator turns blind mode off (the control)', async () => {
    await labels.tab('setup');
    await page.getByTestId('setting-blind').click(); // a controlled box: it turns off once the main side saved it
    await expect.poll(() => page.getByTestId('setting-blind').isChecked()).toBe(false);
    await expect(page.getByTestId('setup-message').textContent()).resolves.toBe('saved');
    await labels.switchTo('Ben Okafor');
    await labels.tab('agreement');
    await agreement.compute(FIELD);
    expect(await agreement.blindNotice().count()).toBe(0);
    await expect(page.getByTestId('agreement-stats').innerText()).resolves.toMatch(/\d\.\d{3}/);
  });

  it('earshot metrics --json reads the same figures from the same database file', () => {
    const cli = spawnSync(
      process.execPath,
      [join(repoRoot, 'bin', 'earshot.mjs'), 'metrics', '--study', STUDY, '--db', host.dbPath, '--json'],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const m = JSON.parse(cli.stdout) as {
      labels: { failures: { view: string; rows: { system: string; sources: { label: string; count: number }[] }[] }[] };
    };
    const resolved = m.labels.failures.find((v) => v.view === 'resolved')!;
    const counts = (system: string) =>
      Object.fromEntries(resolved.rows.find((r) => r.system === system)!.sources.map((s) => [s.label, s.count]));
    expect(counts('gemini_high')).toEqual({ agent: 1, user: 1 });
    expect(counts('')).toEqual({ ...release.agreed, disputed: release.disputes - 1, unresolved: 1 });
  });
});
