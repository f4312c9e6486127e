/**
 * End to end: the Setup view's offline exchange on a host of its own per test, seeded through `earshot labels import`
 * with two annotators' labels in the demo study. Exporting my bundle (the downloaded file parsed), importing bundles
 * (new labels added, a differing one kept as it is here and reported, a new annotator listed at once, a bundle that
 * does not fit refused with nothing written), and validation.csv (refused while blind, parsed for an adjudicator).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { earshotJson } from '../test-support/earshot-cli';
import { fixture } from '../test-support/fixtures';
import { parseCsvRecords } from '../main/util/csv';
import { launchChromium } from './support/browser';
import { startSeededHost } from './support/seeded-host';
import type { TestHost } from './support/host';
import { DEMO_STUDY, writeLabelBundle, type BundleLabel } from './support/label-bundle';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { SetupPage } from './pages/setup-page';

const ORDER = 'demo-retail-order-status';
const FLIGHT = 'demo-airline-change-flight';
const EMAIL = 'demo-intake-email';

/** What the seed bundles hold (the generic taxonomy's fields: source, and severity 0–3). */
const ANA: BundleLabel[] = [
  { episode: ORDER, field: 'source', value: 'agent' },
  { episode: ORDER, field: 'severity', value: '2' },
  { episode: FLIGHT, field: 'source', value: 'user' },
  { episode: FLIGHT, field: 'severity', value: '1' },
];
const BEN: BundleLabel[] = [
  { episode: ORDER, field: 'source', value: 'agent' },
  { episode: ORDER, field: 'severity', value: '1' },
  { episode: FLIGHT, field: 'source', value: 'system' },
  { episode: FLIGHT, field: 'severity', value: '0' },
];

let browser: Browser;
let host: TestHost;
let work: string;
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;
let setup: SetupPage;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  work = mkdtempSync(join(tmpdir(), 'earshot-e2e-exchange-'));
  const ana = writeLabelBundle(work, 'seed-ana.json', 'Ana Lima', ANA);
  const ben = writeLabelBundle(work, 'seed-ben.json', 'Ben Okafor', BEN);
  host = await startSeededHost({ labelBundles: [ana, ben] });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
  setup = new SetupPage(page);
  await studio.open(host.url);
  await labels.switchTo('Ana Lima');
});

afterEach(async () => {
  await page?.close();
  await host?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Bundle labels as [episode, field, phase, value] text, sorted, to compare regardless of order. */
const keyed = (ls: readonly { episode: string; field: string; phase: string; value: unknown }[]) =>
  ls.map((l) => `${l.episode} ${l.field} ${l.phase} ${JSON.stringify(l.value)}`).sort();

describe('Setup: exporting my labels', () => {
  it('downloads a bundle of my labels: the imported ones and the one I just gave', async () => {
    await studio.openCall(EMAIL);
    await labels.waitForPanel();
    await labels.choose('source', 'no_error');
    await setup.open();
    const file = await setup.exportBundle();
    expect(file.name).toMatch(/\.earshot-labels\.json$/);
    const bundle = JSON.parse(file.text);
    expect(bundle.format).toBe('earshot-labels-v1');
    expect(bundle.study).toEqual(DEMO_STUDY);
    expect(bundle.annotator).toEqual({ name: 'Ana Lima', initials: 'AL' });
    // Ana's four seeded labels and the one chosen above; Ben's stay out of her bundle.
    const mine = [...ANA, { episode: EMAIL, field: 'source', value: 'no_error' }].map((l) => ({
      ...l,
      phase: 'final',
    }));
    expect(keyed(bundle.labels)).toEqual(keyed(mine));
    expect(bundle.commits).toEqual([]);
    await studio.screenshotAtBothSizes('views-a-setup-exchange');
  });
});

describe('Setup: importing a bundle', () => {
  it('adds new labels, keeps a differing one as it is here and reports it, and names calls not in the study', async () => {
    const bundle = writeLabelBundle(work, 'ana-laptop.json', 'Ana Lima', [
      { episode: ORDER, field: 'source', value: 'user' }, // here: agent
      { episode: ORDER, field: 'severity', value: '2' }, // here: 2
      { episode: EMAIL, field: 'source', value: 'agent' }, // not labelled here
      { episode: 'demo-not-in-this-study', field: 'source', value: 'agent' },
    ]);
    await setup.open();
    expect(await setup.importBundle(bundle)).toBe(
      'Ana Lima: 1 added, 1 unchanged, 1 conflict, 1 episode not in this study.',
    );
    expect(await setup.conflicts()).toEqual([
      { episode: ORDER, field: 'source', here: '"agent"', bundle: '"user"', kept: 'here' },
    ]);
    await studio.screenshotAtBothSizes('views-a-setup-bundle-conflict');
    await labels.tab('label');
    await studio.openCall(ORDER);
    await labels.waitForPanel();
    await expect.poll(() => labels.chosen('source')).toEqual(['agent']);
    await studio.openCall(EMAIL);
    await labels.waitForPanel();
    await expect.poll(() => labels.chosen('source')).toEqual(['agent']);
  });

  it('brings the result into view at 1280×720, where it would come below the fold', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const bundle = writeLabelBundle(work, 'ana-laptop.json', 'Ana Lima', [
      { episode: EMAIL, field: 'source', value: 'agent' },
    ]);
    await setup.open();
    expect(await setup.importBundle(bundle)).toBe('Ana Lima: 1 added, 0 unchanged, 0 conflicts.');
    expect(await setup.resultLineInView()).toBe(true);
    await studio.screenshot('views-a-setup-bundle-result-in-view-1280');
  });

  it('takes the bundle’s label when told to, and says so', async () => {
    const bundle = writeLabelBundle(work, 'ana-laptop.json', 'Ana Lima', [
      { episode: ORDER, field: 'source', value: 'user' },
    ]);
    await setup.open();
    await setup.onConflict('take');
    expect(await setup.importBundle(bundle)).toBe('Ana Lima: 0 added, 0 unchanged, 1 conflict.');
    expect(await setup.conflicts()).toEqual([
      { episode: ORDER, field: 'source', here: '"agent"', bundle: '"user"', kept: 'bundle' },
    ]);
    await labels.tab('label');
    await studio.openCall(ORDER);
    await labels.waitForPanel();
    await expect.poll(() => labels.chosen('source')).toEqual(['user']);
  });

  it('lists a new annotator from a bundle at once, in the Annotators card and the badge menu', async () => {
    await setup.open();
    expect(await setup.annotatorNames()).toEqual(['Ana Lima', 'Ben Okafor']);
    const cy = writeLabelBundle(work, 'cy.json', 'Cy Newman', [
      { episode: ORDER, field: 'source', value: 'system' },
      { episode: FLIGHT, field: 'source', value: 'system' },
    ]);
    expect(await setup.importBundle(cy)).toBe('Cy Newman: 2 added, 0 unchanged, 0 conflicts.');
    await setup.waitForAnnotator('Cy Newman');
    expect(await setup.annotatorNames()).toEqual(['Ana Lima', 'Ben Okafor', 'Cy Newman']);
    expect((await labels.offeredAnnotators()).map((a) => a.name)).toContain('Cy Newman');
  });

  it('refuses a bundle that is not JSON or does not fit the taxonomy, and writes nothing of it', async () => {
    await setup.open();
    const junk = join(work, 'junk.json');
    writeFileSync(junk, 'not a bundle');
    expect(await setup.refusedBundle(junk)).toBe('the bundle is not JSON');
    const misfit = writeLabelBundle(work, 'dee.json', 'Dee Roy', [
      { episode: ORDER, field: 'severity', value: '1' },
      { episode: FLIGHT, field: 'source', value: 'aliens' },
    ]);
    expect(await setup.refusedBundle(misfit)).toMatch(/labels\[1\].*"aliens" is not an option/);
    expect(await setup.hasResult()).toBe(false);
    expect(await setup.annotatorNames()).toEqual(['Ana Lima', 'Ben Okafor']);
    await page.reload();
    await setup.open();
    expect(await setup.annotatorNames()).toEqual(['Ana Lima', 'Ben Okafor']);
  });
});

describe('Setup: validation.csv', () => {
  it('is refused to an annotator of the blind study, and holds both annotators’ labels for an adjudicator', async () => {
    await setup.open();
    expect(await setup.refusedValidationCsv()).toMatch(/is blind: other annotators' labels open to you/);
    await labels.addAnnotator('Judy Park', 'adjudicator');
    await page.getByTestId('annotator-confirm-switch').click();
    await page.locator('[data-testid="annotator-badge"][data-annotator="Judy Park"]').waitFor();
    const file = await setup.exportValidationCsv();
    expect(file.name).toMatch(/validation\.csv$/);
    // The generic taxonomy has no field playing the subtype role, so its two columns stay empty and a note says so.
    expect(await setup.notice()).toMatch(/no field of taxonomy "generic" has role "subtype"/);
    expect(await page.getByTestId('exchange-error').count()).toBe(0);
    const { header, records } = parseCsvRecords(file.text);
    const release = readFileSync(fixture('tau-elicitation', 'judge_validation', 'validation.csv'), 'utf8');
    expect(header).toEqual(release.split(/\r?\n/)[0].split(','));
    // One row per call either annotator labelled; A is Ana (imported first), B is Ben.
    expect(records.map((r) => r.simulation_id)).toEqual([ORDER, FLIGHT]);
    // Each call's task and reward as `earshot episodes` lists them.
    type Listed = { episodes: { externalId: string; task: string; reward: number }[] };
    const listed = earshotJson<Listed>({ home: host.home, db: host.dbPath }, 'episodes', '--study', DEMO_STUDY.name);
    const [order, flight] = records;
    for (const [row, id] of [
      [order, ORDER],
      [flight, FLIGHT],
    ] as const) {
      const episode = listed.episodes.find((e) => e.externalId === id)!;
      expect([row.unit_type, row.clip_id, row.task_id, row.reward]).toEqual([
        'call',
        id,
        episode.task,
        String(episode.reward),
      ]);
      expect([row.human_error_subtype_a, row.human_error_subtype_b]).toEqual(['', '']);
    }
    expect([order.human_error_source_a, order.human_error_source_b]).toEqual(['agent', 'agent']);
    expect([order.human_severity_a, order.human_severity_b]).toEqual(['2', '1']);
    // Both severities > 0: two positive votes, strict and lenient both 1. The judge said fail, a failure verdict.
    expect([order.human_positive_votes, order.human_strict_label, order.human_lenient_label]).toEqual(['2', '1', '1']);
    expect(order.judge_label).toBe('1');
    expect([flight.human_error_source_a, flight.human_error_source_b]).toEqual(['user', 'system']);
    expect([flight.human_severity_a, flight.human_severity_b]).toEqual(['1', '0']);
    // Severity 1 and 0: one positive vote, so strict 0 (not all positive) and lenient 1. The judge said pass.
    expect([flight.human_positive_votes, flight.human_strict_label, flight.human_lenient_label]).toEqual([
      '1',
      '0',
      '1',
    ]);
    expect(flight.judge_label).toBe('0');
  });
});
