/** End to end in Chromium: the Agreement view's label-set card on a VERA multi-label field — MASI and Jaccard α with
 * their bootstrap intervals, the estimate the library computes, and the card fitting the window at both sizes. */
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
import { AgreementPage } from './pages/agreement-page';
import { fixture } from '../test-support/fixtures';
import { VERA } from '../test-support/fixture-counts';
import { importPath } from '../main/importers/import-path';
import { setLabel } from '../main/annotation/labels';
import { listEpisodes } from '../main/db/episodes';
import { setAlpha } from '../main/stats/agreement/set-alpha';

const STUDY = 'VERA sets';
const CALLS = Object.keys(VERA.tracks);
/** Each rater's error categories on the five calls: equal, a subset, disjoint, equal, a superset. */
const SETS: Record<'ana' | 'ben', string[][]> = {
  ana: [
    ['UNSUPPORTED_FACT'],
    ['OFF_TARGET', 'ENTITY_CONFUSION'],
    ['COMPUTATION_ERROR'],
    ['UNSUPPORTED_FACT', 'TEMPORAL_QUANTITY_ERROR'],
    ['LOGICAL_CONTRADICTION'],
  ],
  ben: [
    ['UNSUPPORTED_FACT'],
    ['OFF_TARGET'],
    ['FORMULA_MISAPPLICATION'],
    ['UNSUPPORTED_FACT', 'TEMPORAL_QUANTITY_ERROR'],
    ['LOGICAL_CONTRADICTION', 'CONSTRAINT_VIOLATION'],
  ],
};

const dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-set-agreement-'));
const dbPath = join(dir, 'earshot.db');
let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let agreement: AgreementPage;

/** The VERA fixture imported beside the demo, each call graded INCORRECT by Ana and Ben with their sets. */
async function seed(): Promise<void> {
  const { services: s, ana, ben } = await seedDemoPeople(dbPath);
  const now = new Date('2026-01-02T03:04:05Z');
  const summary = await importPath(s.db, fixture('vera', 'test_voice_episodes'), 'vera', { now, studyName: STUDY });
  const ids = new Map(listEpisodes(s.db, summary.study.id).map((e) => [e.externalId, e.id]));
  for (const [who, annotatorId] of [['ana', ana], ['ben', ben]] as const) {
    CALLS.forEach((call, i) => {
      const episodeId = ids.get(call)!;
      setLabel(s.db, { episodeId, annotatorId, field: 'grade', value: 'INCORRECT' }, now);
      setLabel(s.db, { episodeId, annotatorId, field: 'error_categories', value: SETS[who][i] }, now);
    });
  }
  s.db.close();
}

beforeAll(async () => {
  await seed();
  host = await startHost([], { db: dbPath });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  agreement = new AgreementPage(page);
  const labels = new LabelsPage(page);
  await studio.open(host.url);
  await studio.selectStudy(STUDY);
  await labels.switchTo('Judy Park');
  await labels.tab('agreement');
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('label-set agreement in the Agreement view', () => {
  it('shows MASI and Jaccard α as the library computes them, each inside its bootstrap interval', async () => {
    await agreement.compute('error_categories');
    const units = CALLS.map((_, i) => [SETS.ana[i], SETS.ben[i]]);
    for (const [stat, kind] of [['masi', 'masi'], ['jaccard', 'jaccard']] as const) {
      const cell = page.locator(`[data-stat="${stat}"]`);
      await expect.poll(() => cell.textContent()).toBe(setAlpha(units, kind).toFixed(3));
      const [estimate, interval] = await cell.evaluate((td) => [td.textContent, td.nextElementSibling?.textContent]);
      const [low, high] = (interval ?? '').match(/^\[(-?[\d.]+), (-?[\d.]+)\]$/)!.slice(1).map(Number);
      expect(low).toBeLessThanOrEqual(Number(estimate));
      expect(high).toBeGreaterThanOrEqual(Number(estimate));
    }
    await studio.screenshotAtBothSizes('set-agreement');
    await page.locator('[data-stat="masi"]').scrollIntoViewIfNeeded();
    await studio.screenshotAtBothSizes('set-agreement-card');
    expect(await agreement.overflowingCards()).toEqual([[], []]);
  });
});
