/** End to end: an annotator draws labelled regions on the waveform, names them, and they persist and are drawn. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';

let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;

beforeAll(async () => {
  host = await startHost();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
  await studio.open(host.url);
  await labels.addAnnotator('Rae Quinn');
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe('labelled regions', () => {
  it('draws a region by dragging on the waveform, names it, and keeps it after a reload', async () => {
    await studio.openEpisode('demo-retail-return-interrupt');
    await page.getByTestId('regions').waitFor();
    await studio.press('r');
    await expect(page.getByTestId('regions-draw').getAttribute('aria-pressed')).resolves.toBe('true');
    const canvas = page.getByTestId('waveform-canvas');
    const box = (await canvas.boundingBox())!;
    const y = box.y + box.height * 0.25;
    const before = await labels.revision();
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, y, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 8 });
    await page.mouse.up();
    await labels.waitForAck(before);
    await expect.poll(() => page.getByTestId('region').count()).toBe(1);
    const name = page.getByTestId('region-label');
    const named = await labels.revision();
    await name.fill('agent barges in; hears "cancel"');
    await name.press('Enter');
    await labels.waitForAck(named);
    await expect.poll(() => canvas.getAttribute('data-regions')).toBe('1');
    await studio.press('r');
    await studio.screenshot('labels-region');
    await page.reload();
    await studio.episodeRows().first().waitFor();
    await studio.openEpisode('demo-retail-return-interrupt');
    await expect.poll(() => page.getByTestId('region-label').inputValue()).toBe('agent barges in; hears "cancel"');
    const time = (await page.getByTestId('region').locator('.time-link').textContent()) ?? '';
    const [from, to] = time.split('–').map((t) => { const [m, s] = t.split(':'); return Number(m) * 60 + Number(s); });
    expect(to).toBeGreaterThan(from + 1);
  });

  it('deletes a region', async () => {
    const before = await labels.revision();
    await page.getByTestId('region-delete').click();
    await labels.waitForAck(before);
    await expect.poll(() => page.getByTestId('region').count()).toBe(0);
  });
});
