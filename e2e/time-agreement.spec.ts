/** End to end in Chromium: agreement on the first-error mark in the Agreement view — the tolerance set in the view,
 * the pair counts shown, the Hayes–Krippendorff option, and the tables fitting the window at 1440×900 and 1280×720. */
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
import { decide } from '../main/annotation/adjudication';
import { listEpisodes } from '../main/db/episodes';
import { listStudies } from '../main/db/studies';
import { annotatorIdByNameOrId } from '../main/db/annotators';

const ORDER = 'demo-retail-order-status';
const FLIGHT = 'demo-airline-change-flight';
const BIRTH = 'demo-intake-date-of-birth';

const dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-time-agreement-'));
const dbPath = join(dir, 'earshot.db');
let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let agreement: AgreementPage;

/** Ana and Ben mark the first error 600 ms apart on one call and 2.5 s apart on another; on the third neither marks
 * one (both listened: notes). The adjudicator settles the flight call as marked. */
async function seed(): Promise<void> {
  const { services: s, ana, ben, label } = await seedDemoPeople(dbPath);
  label(ana, ORDER, 'first_error_ms', 4000);
  label(ben, ORDER, 'first_error_ms', 4600);
  label(ana, FLIGHT, 'first_error_ms', 5200);
  label(ben, FLIGHT, 'first_error_ms', 7700);
  label(ana, BIRTH, 'notes', 'no error heard');
  label(ben, BIRTH, 'notes', 'fine');
  const study = listStudies(s.db)[0];
  const flight = listEpisodes(s.db, study.id).find((e) => e.externalId === FLIGHT)!;
  const judy = annotatorIdByNameOrId(s.db, 'Judy Park')!;
  const now = new Date('2026-01-02T03:04:05Z');
  decide(s.db, { episodeId: flight.id, field: 'first_error_ms', value: 'marked', rationale: 'both marked', adjudicatorId: judy }, now);
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
  await labels.switchTo('Judy Park');
  await labels.tab('agreement');
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('first-error agreement in the Agreement view', () => {
  it('counts pairs within the tolerance the user sets, and no mark on both sides as agreement', async () => {
    await agreement.setTolerance(1000);
    await agreement.compute('first_error_ms');
    // ±1000 ms: the order call agrees (600 ms), the flight call does not (2500 ms), the birth call both "no error".
    expect(await agreement.firstErrorFigure('agreement')).toBe('0.667');
    await agreement.setTolerance(3000);
    await agreement.compute('first_error_ms');
    expect(await agreement.firstErrorFigure('agreement')).toBe('1.000');
    await expect.poll(() => agreement.firstErrorCard().textContent()).toMatch(/±3,000 ms/);
  });

  it('adds α by the pair bootstrap on request, and every table fits the window at both sizes', async () => {
    await agreement.pairBootstrap(true);
    await agreement.compute('first_error_ms');
    await expect.poll(() => page.getByTestId('pair-bootstrap').textContent()).toMatch(/pairs per resample/);
    await studio.screenshotAtBothSizes('time-agreement');
    expect(await agreement.overflowingCards()).toEqual([[], []]);
  });
});
