/** End to end: the open episode exported from its header menu to ELAN, Praat and Audacity files. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';
import { AnnotationExportPage } from './pages/annotation-export-page';
import { readEaf } from '../main/exchange-formats/eaf-read';
import { readTextGrid } from '../main/exchange-formats/textgrid-read';

let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let exporter: AnnotationExportPage;
const dir = mkdtempSync(join(tmpdir(), 'earshot-export-'));

beforeAll(async () => {
  host = await startHost();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  studio = new StudioPage(page);
  exporter = new AnnotationExportPage(page);
  await studio.open(host.url);
  await new LabelsPage(page).addAnnotator('Rae Quinn');
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe('export to annotation tools', () => {
  it('saves the open call as an ELAN file with a tier per speaker and the annotator’s regions', async () => {
    await studio.openEpisode('demo-airline-change-flight');
    const name = await exporter.exportAs('eaf', join(dir, 'call.eaf'));
    expect(name).toBe('demo-airline-change-flight.eaf');
    const doc = readEaf(readFileSync(join(dir, 'call.eaf'), 'utf8'), name);
    expect(doc.tiers.map((t) => t.name)).toEqual(['user', 'agent', 'Rae Quinn/regions']);
    expect(doc.tiers[0].intervals.length).toBeGreaterThan(1);
    await expect.poll(() => exporter.menu().inputValue()).toBe('');
  });

  it('saves a Praat TextGrid and an Audacity track too, and the menu sits whole in the header at both sizes', async () => {
    const grid = await exporter.exportAs('textgrid', join(dir, 'call.TextGrid'));
    expect(grid).toBe('demo-airline-change-flight.TextGrid');
    expect(readTextGrid(readFileSync(join(dir, 'call.TextGrid'), 'utf8'), grid).tiers.map((t) => t.name)).toEqual([
      'user',
      'agent',
      'Rae Quinn/regions',
    ]);
    const track = await exporter.exportAs('audacity', join(dir, 'call.txt'));
    expect(track).toBe('demo-airline-change-flight.txt');
    expect(readFileSync(join(dir, 'call.txt'), 'utf8')).toMatch(/^\d+\.\d{6}\t\d+\.\d{6}\t(user|agent): /);
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      await page.setViewportSize(size);
      const menu = (await exporter.menu().boundingBox())!;
      const head = (await page.locator('.episode-head').boundingBox())!;
      expect(menu.x + menu.width).toBeLessThanOrEqual(head.x + head.width);
      expect(menu.y).toBeGreaterThanOrEqual(head.y);
    }
    await studio.screenshotAtBothSizes('annotation-export');
  });
});
