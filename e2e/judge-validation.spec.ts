/** End to end in Chromium: the judge against the humans in the Agreement view — τ-Elicitation imported through the
 * studio, its judge figures per mapping, the release's own figures beside Earshot's, a field no mapping covers, a
 * study mapping added and removed, the disagreement gallery with its way to the audio, and two judges compared. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { seedDemoPeople } from './support/demo-labels';
import { StudioPage } from './pages/studio-page';
import { ImportPage } from './pages/import-page';
import { LabelsPage } from './pages/labels-page';
import { AgreementPage, JudgeValidationPage } from './pages/agreement-page';
import { fixture } from '../test-support/fixtures';
import { parseCsvRows } from '../main/util/csv';
import { codeRatings } from '../main/stats/agreement/coding';
import { krippendorffAlpha } from '../main/stats/agreement/krippendorff-alpha';
import { ratingsFromRecords } from '../main/stats/agreement/ratings';

const ORDER = 'demo-retail-order-status';
const FLIGHT = 'demo-airline-change-flight';
const BIRTH = 'demo-intake-date-of-birth';
const VALIDATION = 'judge_validation/validation.csv';
const FIDELITY = 'judge_validation/fidelity_validation_60/utterances.csv';

const dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-judge-validation-'));
const dbPath = join(dir, 'earshot.db');
let host: TestHost;
let browser: Browser;
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;
let agreement: AgreementPage;
let judge: JudgeValidationPage;

/** The demo study's human verdicts, written through the product's functions: two calls where a human overrules the
 * judge (one with a first-error mark), one where both agree with it; and the adjudicator. */
async function seed(): Promise<void> {
  const { services: s, ana, ben, label } = await seedDemoPeople(dbPath);
  label(ana, ORDER, 'judge_agree', false); // the judge said fail
  label(ana, ORDER, 'judge_label', 'pass');
  label(ana, ORDER, 'notes', 'The agent read the number back and the caller confirmed it.');
  label(ben, ORDER, 'judge_agree', true);
  label(ana, FLIGHT, 'judge_agree', true); // the judge said pass
  label(ben, FLIGHT, 'judge_agree', false);
  label(ben, FLIGHT, 'judge_label', 'fail');
  label(ben, FLIGHT, 'first_error_ms', 5200);
  label(ana, BIRTH, 'judge_agree', true);
  label(ben, BIRTH, 'judge_agree', true);
  s.db.close();
}

const shot = (name: string) => studio.screenshot(name);

beforeAll(async () => {
  await seed();
  host = await startHost([], { db: dbPath });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
  agreement = new AgreementPage(page);
  judge = new JudgeValidationPage(page);
  await studio.open(host.url);
  const importer = new ImportPage(page);
  await importer.open();
  const message = await importer.importPath(fixture('tau-elicitation'), 'τ-Elicitation release');
  expect(message).toMatch(/imported \d+ episodes/);
  await importer.openStudy();
  await labels.switchTo('Judy Park');
  await labels.tab('agreement');
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('judge vs humans in the Agreement view', () => {
  it('shows each annotator against the judge under severity ≥ 1, the mapping named beside the figures', async () => {
    await agreement.compute('severity');
    await judge.card('severity>=1').waitFor();
    const counts = ['truePositives', 'falsePositives', 'falseNegatives', 'trueNegatives'];
    const a = await Promise.all(counts.map((c) => judge.figure('severity>=1', 'A', c)));
    expect(a).toEqual(['23', '10', '5', '62']);
    expect(await judge.figure('severity>=1', 'A', 'cohenKappa')).toBe('0.647');
    expect(await judge.figure('severity>=1', 'B', 'truePositives')).toBe('25');
    const tag = judge.card('severity>=1').getByTestId('mapping-tag').first();
    await expect(tag.innerText()).resolves.toMatch(/severity>=1 human severity ≥ 1 .*built-in/);
    // The references: both annotators, the adjudicated label and the pooled humans.
    const refs = judge.card('severity>=1').getByTestId('judge-table').locator('tbody tr[data-reference]');
    await expect(refs.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-reference')))).resolves.toEqual([
      'A', 'B', 'adjudicated', 'humans (strict)', 'humans (lenient)',
    ]);
    expect(await judge.cards().count()).toBe(2);
    await shot('judge-agreement-top-1440x900');
    await judge.scrollTo(judge.card('severity>=1'));
    await shot('judge-validation-1440x900');
  });

  it('prints the release’s own figures beside Earshot’s, and the fidelity cohort’s counts', async () => {
    const metrics = JSON.parse(readFileSync(fixture('tau-elicitation', 'judge_validation', 'metrics.json'), 'utf8'));
    expect(metrics.strict.precision.toFixed(3)).toBe('0.732');
    expect(metrics.lenient.recall.toFixed(3)).toBe('0.730');
    for (const col of ['computed', 'stated'] as const) {
      expect(await judge.releaseFigure(VALIDATION, 'strict.precision', col)).toBe('0.732');
      expect(await judge.releaseFigure(VALIDATION, 'lenient.recall', col)).toBe('0.730');
    }
    expect(await judge.definitionCounts(FIDELITY, 'severity_ge_2')).toEqual(['12', '3', '4', '41']);
    const notes = judge.release(VALIDATION).getByTestId('release-notes');
    await expect(notes.innerText()).resolves.toContain('stated values from judge_validation/metrics.json');
    await judge.scrollTo(judge.release(VALIDATION));
    await shot('judge-release-1440x900');
    await page.setViewportSize({ width: 1280, height: 720 });
    await judge.scrollTo(judge.card('severity>=1'));
    await shot('judge-validation-1280x720');
    await judge.scrollTo(judge.release(FIDELITY));
    await shot('judge-release-1280x720');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('says why there is no judge figure for a field no mapping covers, and shows none', async () => {
    await agreement.compute('error_source');
    await judge.unmapped().waitFor();
    await expect(judge.unmapped().innerText()).resolves.toContain('No judge output is mapped to "error_source"');
    expect(await judge.cards().count()).toBe(0);
    expect(await page.getByTestId('release-validation').count()).toBe(0);
    expect(await page.getByTestId('judge-figures').count()).toBe(0);
    expect(await page.locator('.judge-unmapped-card').innerText()).not.toMatch(/\d/);
    // The control: the human–human figures of the same field are there.
    await expect(page.getByTestId('agreement-stats').innerText()).resolves.toMatch(/\d\.\d{3}/);
    // The user picks the coefficients: Brennan–Prediger in, percent agreement out; a row shows its analytic SE.
    const stats = page.getByTestId('agreement-stats');
    const choice = (key: string) => page.locator(`[data-testid="coefficient-choice"][data-key="${key}"]`);
    await page.getByTestId('coefficient-picker').locator('summary').click();
    await choice('brennanPrediger').check();
    await choice('percentAgreement').uncheck();
    const se = stats.locator('tr[data-stat="brennanPrediger"] td').nth(4);
    await expect(se.textContent()).resolves.toMatch(/^\d\.\d{3}$/);
    expect(await stats.locator('tr[data-stat="percentAgreement"]').count()).toBe(0);
    await choice('percentAgreement').check(); // back as it was, for the tests after this one
  });

  it('adds a study mapping for that field (refusing an incomplete one), then removes it', async () => {
    await judge.tab('mappings');
    await judge.mappings().getByTestId('mapping-none').waitFor();
    const label = 'human error source agent ↔ judge flagged';
    await judge.startMapping('source:agent', label, 'tau-elicit-speech-judge-validation');
    await judge.side('judge', 'flagged', 'positive');
    await judge.side('judge', 'not_flagged', 'negative');
    await judge.side('human', 'agent', 'positive');
    await page.getByTestId('mapping-save').click();
    await expect(page.getByTestId('mapping-error').innerText()).resolves.toContain('name at least one negative value');
    for (const v of ['user', 'system', 'no_error']) await judge.side('human', v, 'negative');
    await shot('judge-mapping-editor');
    await page.getByTestId('mapping-save').click();
    await judge.mappingRow('source:agent').waitFor();
    await expect(judge.mappingRow('source:agent').getAttribute('data-source')).resolves.toBe('study');
    expect(await page.getByTestId('mapping-error').count()).toBe(0);
    await shot('judge-mapping-list');
    await judge.tab('figures');
    await judge.card('source:agent').waitFor();
    await expect(judge.card('source:agent').getByTestId('mapping-tag').first().innerText()).resolves.toContain('study');
    expect(await judge.unmapped().count()).toBe(0);
    await judge.tab('mappings');
    await judge.mappingRow('source:agent').getByTestId('mapping-remove').click();
    await judge.mappingRow('source:agent').waitFor({ state: 'detached' });
    await judge.tab('figures');
    await judge.unmapped().waitFor();
  });

  it('lists every disputed item of severity, filterable by category', async () => {
    await agreement.compute('severity');
    await judge.tab('disagreements');
    const [shown, total] = await judge.galleryCount();
    expect(total).toBe(22);
    expect(shown).toBe(total);
    const first = judge.galleryItems().first();
    await expect(first.getByTestId('disagreement-human').count()).resolves.toBe(2);
    await expect(first.getByTestId('disagreement-judge').innerText()).resolves.toMatch(/flagged|not_flagged/);
    await page.getByTestId('gallery-category').selectOption('2');
    const [some] = await judge.galleryCount();
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(total);
    const cats = await judge.galleryItems().evaluateAll((els) => els.map((e) => e.dataset.categories ?? ''));
    expect(cats.length).toBe(some);
    expect(cats.every((c) => c.split(' ').includes('2'))).toBe(true);
    await shot('judge-disagreement-gallery');
    await page.getByTestId('gallery-category').selectOption('');
  });

  it('compares two judges on the labelled items, with the held-out split apart', async () => {
    await judge.tab('compare');
    await page.getByTestId('compare-run').click();
    await judge.comparePart('all').waitFor({ timeout: 30_000 });
    expect(await judge.comparePart('held_out').count()).toBe(0);
    // The same judge on both sides: every difference is zero.
    const diffs = await judge.comparePart('all').locator('td[data-figure="d-cohenKappa"] .est').allInnerTexts();
    expect(diffs).toEqual(['0.000', '0.000', '0.000', '0.000', '0.000']);
    await page.getByTestId('holdout-seed').fill('7');
    await page.getByTestId('holdout-fraction').fill('0.3');
    await page.getByTestId('holdout-set').click();
    await judge.comparePart('held_out').waitFor({ timeout: 30_000 });
    const items = async (part: 'all' | 'held_out' | 'tuning') =>
      Number(/· (\d+) items/.exec(await judge.comparePart(part).locator('caption').innerText())![1]);
    const [all, held, tuning] = [await items('all'), await items('held_out'), await items('tuning')];
    expect(held + tuning).toBe(all);
    expect(held).toBeGreaterThan(10);
    expect(held).toBeLessThan(50);
    await expect(page.getByTestId('compare-split').innerText()).resolves.toContain(`seed 7, 30%: ${held} held out`);
    await shot('judge-compare');
  });

  it('computes severity at the level and weights the user picks, and refuses ratio for text labels', async () => {
    await judge.tab('figures');
    await agreement.setScale('ratio', 'quadratic');
    await agreement.compute('severity');
    await expect(agreement.summary().innerText()).resolves.toMatch(/ · ratio · quadratic weights · /);
    // The expected α from validation.csv itself: the call rows' human_severity_a and _b (0 … 3), A and B the raters.
    const [header, ...rows] = parseCsvRows(readFileSync(fixture('tau-elicitation', VALIDATION), 'utf8'));
    const col = (name: string) => header.indexOf(name);
    const records = rows
      .filter((row) => row[col('unit_type')] === 'call')
      .flatMap((row) => (['a', 'b'] as const).map((r) => ({
        item: row[col('simulation_id')], rater: r.toUpperCase(), label: row[col(`human_severity_${r}`)] || null,
      })));
    const coded = codeRatings(ratingsFromRecords(records), ['0', '1', '2', '3']);
    const [ratio, ordinal] = [krippendorffAlpha(coded, 'ratio'), krippendorffAlpha(coded, 'ordinal')];
    expect(ratio.toFixed(3)).not.toBe(ordinal.toFixed(3)); // the level shows in the figure
    expect(await agreement.statistic('krippendorffAlpha')).toBe(ratio.toFixed(3));
    const ac2 = page.locator('[data-testid="agreement-stats"] tr[data-stat="weighted.gwetAc2"]');
    await expect(ac2.innerText()).resolves.toMatch(/^Gwet's AC2, quadratic weights\s+\d\.\d{3}/);
    await shot('agreement-levels-1440x900');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot('agreement-levels-1280x720');
    await page.setViewportSize({ width: 1440, height: 900 });
    // Back to the field's own level: ordinal α, and the ordinal weights the level brings.
    await agreement.setScale('', '');
    await agreement.compute('severity');
    expect(await agreement.statistic('krippendorffAlpha')).toBe(ordinal.toFixed(3));
    await expect(agreement.summary().innerText()).resolves.toMatch(/ · ordinal · ordinal weights · /);
    // Ratio level on text labels: refused with the label named, and no figures shown for the refused request.
    await agreement.setScale('ratio', '');
    await page.getByTestId('agreement-field').selectOption('error_source');
    await page.getByTestId('agreement-compute').click();
    await expect(agreement.error().innerText()).resolves.toMatch(/ratio level needs numeric labels ≥ 0; "[a-z_]+" is not one/);
    expect(await agreement.result().count()).toBe(0);
    await agreement.setScale('', '');
  });

  it('plays a disputed demo call from where the judge found the error, and opens it for adjudication', async () => {
    await page.getByTestId('study-picker').selectOption({ label: 'Demo study (10)' });
    await agreement.compute('verdict');
    await judge.tab('figures');
    const matrix = judge.card('verdict').locator('[data-testid="judge-confusion"][data-reference="Ana Lima"]');
    const cells = (await matrix.locator('td').allInnerTexts()).map(Number);
    expect(cells.reduce((a, b) => a + b, 0)).toBe(3); // the three calls Ana gave a verdict
    await judge.scrollTo(judge.card('verdict'));
    await shot('judge-categorical-1440x900');
    await judge.tab('disagreements');
    expect(await judge.galleryCount()).toEqual([2, 2]);
    await page.getByTestId('gallery-system').selectOption('cascade-gpt-4.1 (demo)');
    expect(await judge.galleryCount()).toEqual([1, 2]);
    await expect(judge.galleryItems().getAttribute('data-external-id')).resolves.toBe(FLIGHT);
    await page.getByTestId('gallery-system').selectOption('');
    const order = judge.galleryItems().filter({ hasText: ORDER });
    await expect(order.getByTestId('disagreement-human').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Ana Lima\s*pass[\s\S]*read the number back/),
      expect.stringMatching(/^Ben Okafor\s*fail$/),
    ]);
    const from = Number(await order.getByTestId('disagreement-play').getAttribute('data-play-from-ms'));
    expect(from).toBe(8187); // the judge's finding
    await order.getByTestId('disagreement-play').click();
    await page.getByTestId('episode-title').filter({ hasText: ORDER }).waitFor();
    await studio.waitForWaveform();
    await studio.waitForTime((t) => t > from / 1000 + 0.2 && t < from / 1000 + 5);
    await expect(page.getByTestId('tab-label').getAttribute('aria-selected')).resolves.toBe('true');
    await studio.press(' ');
    await labels.tab('agreement');
    await judge.gallery().waitFor();
    const flight = judge.galleryItems().filter({ hasText: FLIGHT });
    await flight.getByTestId('disagreement-open-adjudicate').click();
    await page.getByTestId('episode-title').filter({ hasText: FLIGHT }).waitFor();
    await expect(page.getByTestId('tab-adjudicate').getAttribute('aria-selected')).resolves.toBe('true');
  });
});
