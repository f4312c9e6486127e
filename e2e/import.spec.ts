/**
 * End to end: import real benchmark results through the Import dialog, then replay a τ-Voice call and a VERA episode.
 * Independent tests: each imports (or tries to), so each starts its own host on a fresh database made by the CLI (the
 * demo study only), opens a fresh page and the Import dialog itself.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium, useFreshPage, useSeededHost, useTestScope } from './support/spec-hooks';
import { StudioPage } from './pages/studio-page';
import { ImportPage } from './pages/import-page';
import { fixture } from '../test-support/fixtures';
import { makeTau2RunWithAudio, SIM_ID } from '../test-support/tau2-run';

const chromium = useChromium();
const scope = useTestScope();
const host = useSeededHost({}, 'test');
const freshPage = useFreshPage(chromium);
let page: Page;
let studio: StudioPage;
let importer: ImportPage;

beforeEach(async () => {
  page = freshPage();
  studio = new StudioPage(page);
  importer = new ImportPage(page);
  await studio.open(host().url);
});

describe('import and replay', () => {
  it('imports a τ-Voice run folder with call audio and replays the call on two lanes', async () => {
    const run = makeTau2RunWithAudio(scope.work());
    await importer.open();
    const message = await importer.importPath(run, 'τ-Voice run');
    expect(message).toMatch(/imported 1 episode, \d+ turns, 1 audio file$/);
    expect(await importer.summary()).toMatch(/“τ-Voice run”: 1 episode, \d+ turns, 1 audio file, /);
    await studio.screenshot('import-done');
    await importer.openStudy();
    await studio.openEpisode(SIM_ID);
    await expect(page.locator('.lane-label').allTextContents()).resolves.toEqual(['user', 'agent']);
    const count = await studio.turns().count();
    expect(count).toBeGreaterThan(10);
    const target = studio.turns().nth(6);
    await target.click();
    const start = Number(await target.getAttribute('data-start-ms')) / 1000;
    await studio.waitForTime((t) => Math.abs(t - start) < 0.15);
    await expect.poll(() => studio.activeTurnIndex()).toBe(6);
    expect(await page.getByTestId('latency-mark').count()).toBeGreaterThan(3);
    await studio.screenshot('import-tau-voice-call');
  });

  it('imports the VERA sample and replays a decrypted spoken question', async () => {
    await importer.open();
    await importer.importPath(fixture('vera', 'test_voice_episodes', 'test.json'), 'VERA sample');
    expect(await importer.summary()).toMatch(/5 episodes, 5 turns, 5 audio files/);
    await importer.openStudy();
    await expect.poll(() => studio.episodeRows().count()).toBe(5);
    await studio.openEpisode('vera_simpleqa_0a9d56e1');
    const question = (await studio.turns().first().textContent()) ?? '';
    expect(question).toMatch(/[a-z]{3,} [a-z]{3,}/i);
    expect(question).not.toMatch(/^[A-Za-z0-9+/=]{40,}$/);
    await studio.press(' ');
    await studio.waitForTime((t) => t > 0.3);
    await studio.press(' ');
    await studio.screenshot('import-vera-episode');
  });

  it('says clearly what is wrong with a broken file, and imports nothing', async () => {
    const before = await page.getByTestId('study-picker').locator('option').count();
    await importer.open();
    const message = await importer.refusedImport(fixture('tau2-voice', 'clips'));
    expect(message).toMatch(/cannot tell the format/);
    await page.keyboard.press('Escape');
    await page.getByTestId('import-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('study-picker').locator('option').count()).toBe(before);
  });
});
