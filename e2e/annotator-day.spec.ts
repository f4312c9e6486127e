/** End to end: an annotator's day in the Label view — dialogs over the waveform, regions kept drawn, own progress. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { SCREEN_SIZES, StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { ImportPage } from './pages/import-page';
import { WaveformPage } from './pages/waveform-page';

let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;
let imports: ImportPage;
let waveform: WaveformPage;

beforeAll(async () => {
  host = await startHost();
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
