/** End to end in Chromium: an adjudicator weighs both annotators' labels, notes and marks, decides two disputes (one
 * label, one unresolved), the counts and the queue follow, and Results still compute. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { seedDemoPeople } from './support/demo-labels';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { AdjudicationPage } from './pages/adjudication-page';
import { MetricsPage } from './pages/metrics-page';

const ORDER = 'demo-retail-order-status';
const FLIGHT = 'demo-airline-change-flight';
const RETURN = 'demo-retail-return-interrupt';
const BIRTH = 'demo-intake-date-of-birth';

const dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-adjudication-'));
const dbPath = join(dir, 'earshot.db');
let host: TestHost;
let browser: Browser;
let page: Page;
let adjudication: AdjudicationPage;

/** Two annotators label the demo study through the product's functions: three disputes on `source`, one agreement. */
async function seed(): Promise<void> {
  const { services: s, ana, ben, label } = await seedDemoPeople(dbPath);
  const sources = [
    [ORDER, 'agent', 'user'], [FLIGHT, 'agent', 'user'], [RETURN, 'agent', 'system'], [BIRTH, 'agent', 'agent'],
  ];
  for (const [call, a, b] of sources) {
    label(ana, call, 'source', a);
    label(ben, call, 'source', b);
  }
  label(ana, ORDER, 'notes', 'The agent read the order number back as 4471; the caller said 4417.');
  label(ana, ORDER, 'first_error_ms', 9100);
  label(ana, ORDER, 'regions', ['8600-10900 read-back swaps the digits']);
  label(ben, ORDER, 'notes', 'The caller misspoke first and the agent repeated it.');
  label(ben, ORDER, 'first_error_ms', 3400);
  label(ben, ORDER, 'regions', ['2600-4300 caller misspeaks', '12000-13500 agent confirms']);
  s.db.close();
}

beforeAll(async () => {
  await seed();
  host = await startHost([], { db: dbPath });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  adjudication = new AdjudicationPage(page);
  await new StudioPage(page).open(host.url);
  await new LabelsPage(page).switchTo('Judy Park');
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('adjudication', () => {
  it('shows both annotators’ labels, notes, first errors, regions (also on the waveform) and the judge', async () => {
    await adjudication.open('source');
    await adjudication.waitForCounts('source resolved for 1 of 4 (1 unanimous, 0 decided, 0 unresolved, 3 open)');
    expect(await adjudication.statuses()).toEqual([[ORDER, 'disputed'], [FLIGHT, 'disputed'], [RETURN, 'disputed']]);
    await adjudication.select(ORDER);
    expect(await adjudication.raterLabels()).toEqual(['agent', 'user']);
    expect(await adjudication.notes('Ana Lima')).toContain('back as 4471');
    expect(await adjudication.notes('Ben Okafor')).toContain('misspoke first');
    expect(await adjudication.firstErrorMs('Ana Lima')).toBe(9100);
    expect(await adjudication.firstErrorMs('Ben Okafor')).toBe(3400);
    await expect(adjudication.evidence('Ben Okafor').getByTestId('rater-region').count()).resolves.toBe(2);
    await expect(page.getByTestId('adjudication-judge').textContent()).resolves.toBe('fail');
    const rationale = page.getByTestId('adjudication-judge-rationale');
    await expect(rationale.textContent()).resolves.toContain('transposed the digits');
    // On the waveform: three regions (one of Ana's, two of Ben's) and one first-error marker per annotator.
    await expect.poll(() => page.getByTestId('waveform-canvas').getAttribute('data-regions')).toBe('3');
    const markers = page.getByTestId('first-error-marker');
    const markedBy = () => markers.evaluateAll((els) => els.map((e) => e.getAttribute('data-annotator')));
    await expect.poll(markedBy).toEqual(['Ana Lima', 'Ben Okafor']);
    await adjudication.screenshot('adjudication-1440x900');
    await page.setViewportSize({ width: 1280, height: 720 });
    await adjudication.screenshot('adjudication-1280x720');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('decides one dispute with a label, one unresolved; the counts keep them apart, the queue moves on', async () => {
    await adjudication.decide('agent', 'Ana is right: the read-back swaps the last two digits.');
    await adjudication.waitForCounts('source resolved for 2 of 4 (1 unanimous, 1 decided, 0 unresolved, 2 open)');
    await adjudication.waitForItem(FLIGHT);
    await adjudication.decide('unresolved', 'Both readings fit what is audible; the code is masked by noise.');
    await adjudication.waitForCounts('source resolved for 2 of 4 (1 unanimous, 1 decided, 1 unresolved, 1 open)');
    await adjudication.waitForItem(RETURN);
    expect(await adjudication.statuses()).toEqual([[ORDER, 'decided'], [FLIGHT, 'unresolved'], [RETURN, 'disputed']]);
    // The unresolved item is coloured apart from the decided one (and from the open dispute).
    const colours = [];
    for (const call of [ORDER, FLIGHT, RETURN]) colours.push(await adjudication.statusColour(call));
    expect(new Set(colours).size).toBe(3);
    await adjudication.select(FLIGHT);
    await expect(page.getByTestId('adjudication-status').textContent()).resolves.toBe('unresolved');
    await expect(page.getByTestId('adjudication-rationale').inputValue()).resolves.toContain('masked by noise');
    await adjudication.screenshot('adjudication-decided-1440x900');
  });

  it('Results compute after adjudication: the unresolved and the open dispute counted, no error', async () => {
    const results = new MetricsPage(page);
    await results.openResults('Demo study');
    expect(await page.getByTestId('metrics-error').count()).toBe(0);
    expect(await results.cell('failure-labels', ['unresolved'], 'count')).toBe('1');
    expect(await results.cell('failure-labels', ['disputed'], 'count')).toBe('1');
    await results.screenshot('adjudication-results');
  });
});
