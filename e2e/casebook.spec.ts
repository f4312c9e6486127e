/**
 * End to end: an annotator files a moment and a whole call of the demo study in the casebook, sees them by category in
 * the Casebook view, plays a case from its moment, and exports it as one HTML file that Chromium opens with its audio
 * playable and its speech-activity figure drawn; a hostile note stays text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { artifactsDir, launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { CasebookPage, exportedCaseFacts } from './pages/casebook-page';
import { removeTempDirs, tempDir } from '../test-support/temp-files';

let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let casebook: CasebookPage;

const NOTE = 'Agent reads back 12354 <b>not bold</b> & "quoted"';

beforeAll(async () => {
  host = await startHost();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  casebook = new CasebookPage(page);
  await studio.open(host.url);
  await new LabelsPage(page).addAnnotator('Cas Ortega');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  removeTempDirs();
});

describe('casebook', () => {
  it('adds a moment at the playhead and a whole call from the label view', async () => {
    await studio.openEpisode('demo-retail-order-status');
    await studio.turns().nth(3).click();
    await studio.waitForTime((s) => Math.abs(s - 9.087) < 0.3);
    expect(await casebook.add('misheard digits', NOTE)).toMatch(/^Added to “misheard digits” \(@ 0:09\.\d\)\.$/);
    await studio.openEpisode('demo-retail-return-interrupt');
    await casebook.fill('talks over the caller', 'barges in', 'call');
    await studio.screenshotAtBothSizes('casebook-add-form');
    expect(await casebook.save()).toMatch(/\(the whole call\)/);
  });

  it('lists the cases by category with counts and plays a case from its moment', async () => {
    await casebook.openView();
    expect(await casebook.categories()).toEqual([
      { category: 'misheard digits', count: 1 },
      { category: 'talks over the caller', count: 1 },
    ]);
    expect(await casebook.cases().count()).toBe(2);
    await casebook.choose('demo-retail-order-status');
    await studio.waitForWaveform();
    await expect.poll(() => page.getByTestId('case-note').textContent()).toBe(NOTE);
    await casebook.play();
    await studio.waitForTime((s) => s > 9.2 && s < 12);
    await studio.screenshotAtBothSizes('casebook-view');
  }, 60_000);

  it('exports the case as one HTML file that plays its clip and draws its figure, the note kept as text', async () => {
    const dir = tempDir('earshot-e2e-case-');
    const file = join(dir, 'case.html');
    expect(await casebook.exportHtml(file)).toMatch(/^case-\d+-misheard-digits-demo-retail-order-status\.html$/);
    const exported = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await exported.goto(pathToFileURL(file).href);
    const facts = await exportedCaseFacts(exported);
    // A moment at 9.087 s: 4 s before it and 6 s after, 10 s of the call.
    expect(facts.audioDuration).toBeCloseTo(10, 1);
    expect(facts.figureRects).toBeGreaterThan(10);
    expect(facts.figureWidth).toBeGreaterThan(600);
    expect(facts.note).toBe(NOTE);
    expect(facts.boldElements).toBe(0);
    expect(facts.scripts).toBe(0);
    await exported.screenshot({ path: join(artifactsDir, 'casebook-exported-case.png'), fullPage: true });
    await exported.close();
  }, 60_000);
});
