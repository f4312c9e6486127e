/**
 * End to end: Setup's blind and auto-accept switches, each test on a host of its own seeded through
 * `earshot labels import` with two annotators' labels on two demo calls: on one they agree (source agent / agent), on
 * the other they differ (user / system). What each switch changes is checked where it shows — the other annotator's
 * labels in the label panel and the Agreement tab for an annotator with no share finished, the adjudication queue —
 * against a viewer the switch does not hold back, and again after a reload.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startSeededHost } from './support/seeded-host';
import type { TestHost } from './support/host';
import { writeLabelBundle, type BundleLabel } from './support/label-bundle';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { SetupPage } from './pages/setup-page';
import { AdjudicationPage } from './pages/adjudication-page';

const AGREED = 'demo-retail-order-status';
const DIFFERED = 'demo-airline-change-flight';

const ANA: BundleLabel[] = [
  { episode: AGREED, field: 'source', value: 'agent' },
  { episode: DIFFERED, field: 'source', value: 'user' },
];
const BEN: BundleLabel[] = [
  { episode: AGREED, field: 'source', value: 'agent' },
  { episode: AGREED, field: 'severity', value: '1' },
  { episode: DIFFERED, field: 'source', value: 'system' },
];
/** Ben's labels on the agreed call as the label panel names them beside one's own: name, then each field and value. */
const BEN_ON_AGREED = 'Ben Okafor: severity 1 · source agent';

/** A line of other labels with its "field value" parts sorted, so lines compare whatever order the fields come in. */
const sortedParts = (line: string) => {
  const [who, values] = line.split(': ');
  return `${who}: ${values.split(' · ').sort().join(' · ')}`;
};

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
  work = mkdtempSync(join(tmpdir(), 'earshot-e2e-toggles-'));
  const ana = writeLabelBundle(work, 'ana.json', 'Ana Lima', ANA);
  const ben = writeLabelBundle(work, 'ben.json', 'Ben Okafor', BEN);
  host = await startSeededHost({ labelBundles: [ana, ben] });
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
  setup = new SetupPage(page);
  await studio.open(host.url);
});

afterEach(async () => {
  await page?.close();
  await host?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Adds Judy Park as an adjudicator from the badge menu and labels as her. */
async function becomeAdjudicator(): Promise<void> {
  await labels.addAnnotator('Judy Park', 'adjudicator');
  if (await page.getByTestId('annotator-confirm').isVisible())
    await page.getByTestId('annotator-confirm-switch').click();
  await page.locator('[data-testid="annotator-badge"][data-annotator="Judy Park"]').waitFor();
}

/** Opens `call` in the Label view and waits until the current annotator's label panel is shown. */
async function openInLabelView(call: string): Promise<void> {
  await labels.tab('label');
  await studio.openCall(call);
  await labels.waitForPanel();
}

/** Opens `call` and waits until the label panel shows exactly these other annotators' labels beside mine. */
async function expectOthersOn(call: string, others: string[]): Promise<void> {
  await openInLabelView(call);
  await expect.poll(async () => (await labels.otherLabels()).map(sortedParts)).toEqual(others.map(sortedParts));
}

describe('Setup: blind', () => {
  it('hides Ben’s labels and the agreement from Ana until an adjudicator turns it off, also after a reload', async () => {
    await labels.switchTo('Ana Lima');
    // Ana has no work-queue share, so she has not finished one: while blind she sees only her own labels.
    await expectOthersOn(AGREED, []);
    expect(await labels.panel().textContent()).toContain('blind study');
    expect(await labels.agreementAccess()).toBe('blind');
    // The control: an adjudicator, whom blind mode does not hold back, sees both annotators' labels on that call.
    await becomeAdjudicator();
    await expectOthersOn(AGREED, ['Ana Lima: source agent', BEN_ON_AGREED]);
    await setup.open();
    await setup.setSwitch('blind', false);
    await studio.screenshotAtBothSizes('views-a-setup-not-blind');

    await labels.switchTo('Ana Lima');
    await expectOthersOn(AGREED, [BEN_ON_AGREED]);
    expect(await labels.panel().textContent()).toContain('open study');
    expect(await labels.agreementAccess()).toBe('open');

    await page.reload();
    await studio.episodeRows().first().waitFor();
    await setup.open();
    expect(await setup.switch('blind').isChecked()).toBe(false);
    await expectOthersOn(AGREED, [BEN_ON_AGREED]);

    // Anyone may make the study blind again, and Ben's labels are hidden from Ana at once.
    await setup.open();
    await setup.setSwitch('blind', true);
    await expectOthersOn(AGREED, []);
    expect(await labels.agreementAccess()).toBe('blind');
  });

  it('never shows Ana, even for a moment, the access of the adjudicator she took over from', async () => {
    await becomeAdjudicator();
    await labels.tab('agreement');
    // The adjudicator may reveal agreement in this blind study; Ana may not.
    await page.getByTestId('agreement-reveal').waitFor({ timeout: 10_000 });
    // Every change to the page is checked as it is made: Ana on the badge with the button on screen is a leak.
    await page.evaluate(() => {
      const w = window as unknown as { shownToAna: boolean };
      w.shownToAna = false;
      const check = () => {
        const badge = document.querySelector('[data-testid="annotator-badge"]');
        const reveal = document.querySelector('[data-testid="agreement-reveal"]');
        if (badge?.getAttribute('data-annotator') === 'Ana Lima' && reveal) w.shownToAna = true;
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await labels.switchTo('Ana Lima');
    await page.getByTestId('agreement-blind').waitFor();
    expect(await page.evaluate(() => (window as unknown as { shownToAna: boolean }).shownToAna)).toBe(false);
  });

  it('cannot be turned off by an annotator: the box stays on and says who may', async () => {
    await labels.switchTo('Ana Lima');
    await setup.open();
    await setup.switch('blind').click();
    await page
      .getByTestId('setup-message')
      .filter({ hasText: /Only the study lead or an adjudicator may turn blind mode off/ })
      .waitFor();
    expect(await setup.switch('blind').isChecked()).toBe(true);
    // The refusal is shown with the switches it concerns, above the Taxonomy part of the card.
    const refusalTop = (await page.getByTestId('setup-message').boundingBox())!.y;
    expect(refusalTop).toBeLessThan((await page.getByTestId('taxonomy-current').boundingBox())!.y);
    expect(refusalTop).toBeGreaterThan((await setup.switch('autoAcceptUnanimous').boundingBox())!.y);
    await page.reload();
    await studio.episodeRows().first().waitFor();
    await setup.open();
    expect(await setup.switch('blind').isChecked()).toBe(true);
    await expectOthersOn(AGREED, []);
  });
});

describe('Setup: accept unanimous labels without adjudication', () => {
  it('keeps the agreed call out of the queue with its label while on, and queues it undecided while off', async () => {
    const adjudication = new AdjudicationPage(page);
    await becomeAdjudicator();
    await setup.open();
    expect(await setup.switch('autoAcceptUnanimous').isChecked()).toBe(true); // on by default
    // On: the agreed call (agent, agent) takes its common label, so 1 of the 2 calls labelled twice is resolved.
    await adjudication.open('source');
    await adjudication.waitForCounts('source resolved for 1 of 2 (1 unanimous, 0 decided, 0 unresolved, 1 open)');
    expect(await adjudication.statuses()).toEqual([[DIFFERED, 'disputed']]);
    await page.getByTestId('adjudication-show-all').waitFor();

    await setup.open();
    await setup.setSwitch('autoAcceptUnanimous', false);
    // Off: the agreed call waits for a decision like the other, with no final label; neither is resolved.
    await adjudication.open('source');
    await adjudication.waitForCounts('source resolved for 0 of 2 (1 unanimous, 0 decided, 0 unresolved, 1 open)');
    expect(await adjudication.statuses()).toEqual([
      [AGREED, 'unanimous'],
      [DIFFERED, 'disputed'],
    ]);
    // The switch to show unanimous items would change nothing now, so a note says they are queued instead.
    await page.getByTestId('adjudication-unanimous-queued').waitFor();
    expect(await page.getByTestId('adjudication-show-all').count()).toBe(0);
    await studio.screenshotAtBothSizes('views-a-adjudicate-unanimous-queued');

    await page.reload();
    await studio.episodeRows().first().waitFor();
    await setup.open();
    expect(await setup.switch('autoAcceptUnanimous').isChecked()).toBe(false);
    await adjudication.open('source');
    await adjudication.waitForCounts('source resolved for 0 of 2 (1 unanimous, 0 decided, 0 unresolved, 1 open)');
    expect(await adjudication.statuses()).toEqual([
      [AGREED, 'unanimous'],
      [DIFFERED, 'disputed'],
    ]);
  });
});
