/**
 * End to end through the web host in Chromium: open the demo study, open a call, play, seek by clicking a turn.
 * Independent tests: each `describe` has its own host on a fresh database (the demo study only, made by the CLI), and
 * every test opens a fresh page and the call it needs, so any test runs alone and in any order. None of them writes.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium, useFreshPage, useSeededHost } from './support/spec-hooks';
import { StudioPage } from './pages/studio-page';

const STEREO = 'demo-retail-order-status';
const chromium = useChromium();
let page: Page;
let studio: StudioPage;

/** A host of its own for the enclosing `describe`, and a fresh page on it for each test with the studio open. */
function freshStudio(): void {
  const host = useSeededHost();
  const freshPage = useFreshPage(chromium);
  beforeEach(async () => {
    page = freshPage();
    studio = new StudioPage(page);
    await studio.open(host().url);
  });
}

describe('replay of the demo study', () => {
  freshStudio();

  it('lists the demo study with its ten episodes', async () => {
    await expect(studio.episodeRows().count()).resolves.toBe(10);
    await expect(page.getByTestId('study-picker').textContent()).resolves.toContain('Demo study');
  });

  it('opens a stereo call with its judge verdict, rationale and tool event', async () => {
    await studio.openEpisode(STEREO);
    await expect(page.getByTestId('judge-verdict').textContent()).resolves.toBe('fail');
    await expect(page.getByTestId('judge-rationale').textContent()).resolves.toContain('transposed the digits');
    await expect(page.getByTestId('tool-event').first().textContent()).resolves.toContain('find_order');
    await expect(page.locator('.lane-label').allTextContents()).resolves.toEqual(['user', 'agent']);
    await studio.screenshot('replay-stereo-call');
  });

  it('plays: the media time advances and the status bar follows', async () => {
    await studio.openEpisode(STEREO);
    await studio.press(' ');
    await studio.waitForTime((t) => t > 0.6);
    await studio.press(' ');
    // Paused: the status bar offers the action, play.
    await expect.poll(() => page.getByTestId('playback-state').textContent()).toBe('▶');
    expect(await studio.shownTimeSeconds()).toBeGreaterThan(0.5);
  });

  it('seeks by clicking a turn, and the active turn follows', async () => {
    await studio.openEpisode(STEREO);
    const target = studio.turns().nth(3);
    await target.click();
    const start = Number(await target.getAttribute('data-start-ms')) / 1000;
    await studio.waitForTime((t) => Math.abs(t - start) < 0.1);
    await expect.poll(() => studio.activeTurnIndex()).toBe(3);
    await studio.turns().nth(1).click();
    await expect.poll(() => studio.activeTurnIndex()).toBe(1);
    expect(await studio.mediaTime()).toBeCloseTo(
      Number(await studio.turns().nth(1).getAttribute('data-start-ms')) / 1000,
      1,
    );
    await studio.screenshot('replay-after-seek');
  });

  it('draws speech segments, the response latency and the barge-in on the waveform', async () => {
    await studio.openEpisode(STEREO);
    await expect(page.getByTestId('speech-segment').count()).resolves.toBe(5);
    const latencies = await page
      .getByTestId('latency-mark')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-ms'))));
    const turns = await studio.turns().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start-ms'))));
    expect(latencies.length).toBeGreaterThanOrEqual(1);
    expect(latencies[0]).toBeGreaterThan(0);
    expect(await page.getByTestId('interruption-mark').getAttribute('data-by')).toBe('user');
    expect(await page.getByTestId('overlap').count()).toBe(1);
    expect(turns[3]).toBeGreaterThan(turns[1]);
  });

  it('zooms with the keyboard and the toolbar, and changes speed', async () => {
    await studio.openEpisode(STEREO);
    const zoom = () => page.getByTestId('waveform-canvas').getAttribute('data-zoom').then(Number);
    await studio.press('+');
    await expect.poll(zoom).toBeGreaterThan(0);
    const first = await zoom();
    await page.getByTestId('zoom-in').click();
    await expect.poll(zoom).toBeGreaterThan(first * 1.5);
    await studio.screenshot('replay-zoomed');
    await studio.press('z');
    await expect.poll(zoom).toBe(0);
    await studio.press(']');
    await studio.press(']');
    await expect(page.getByTestId('playback-rate').textContent()).resolves.toBe('1.5×');
    await page.getByTestId('speed').selectOption('0.5');
    await expect(page.getByTestId('playback-rate').textContent()).resolves.toBe('0.5×');
    await studio.press('[');
    await expect(page.getByTestId('playback-rate').textContent()).resolves.toBe('0.25×');
  });

  it('shows a spectrogram of the visible window computed on the main side', async () => {
    await studio.openEpisode(STEREO);
    await studio.press('s');
    const canvas = page.getByTestId('spectrogram');
    await expect.poll(() => canvas.getAttribute('data-columns')).not.toBeNull();
    const lit = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let bright = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] > 200) bright++;
      return bright;
    });
    expect(lit).toBeGreaterThan(50);
    await studio.screenshot('replay-spectrogram');
    await studio.press('s');
  });

  it('highlights words as they play, seeks on a word click, and stops following when the user scrolls', async () => {
    await studio.openEpisode('demo-intake-date-of-birth');
    const word = page.getByTestId('word').nth(4);
    await word.click();
    const wordStart = Number(await word.getAttribute('data-start')) / 1000;
    await studio.waitForTime((t) => Math.abs(t - wordStart) < 0.1);
    await expect.poll(() => page.locator('.word-active').textContent()).toContain('I');
    await page.getByTestId('transcript').hover();
    await page.mouse.wheel(0, 200);
    await page.getByTestId('follow').waitFor();
    await studio.press('f');
    await expect(page.getByTestId('follow').count()).resolves.toBe(0);
  });

  it('steps to the next episode with J and shows a VERA prompt as one lane', async () => {
    await studio.openEpisode('vera_demo_math_01');
    await expect(page.locator('.lane-label').allTextContents()).resolves.toEqual(['user']);
    await studio.press('j');
    await page.getByTestId('episode-title').filter({ hasText: 'vera_demo_factual_02' }).waitFor();
    await studio.waitForWaveform();
    // The judge pane shows the call before (INCORRECT) until this call's detail has come.
    await expect.poll(() => page.getByTestId('judge-verdict').textContent()).toBe('CORRECT');
    await studio.screenshot('replay-vera');
  });
});

describe('browsing the episode list', () => {
  freshStudio();

  it('filters by judge label, searches transcripts, sorts, and J/K follow the filtered list', async () => {
    await page.getByTestId('filter-judge').selectOption('fail');
    await expect.poll(() => studio.episodeRows().count()).toBe(3);
    await page.getByTestId('filter-judge').selectOption('');
    await expect.poll(() => studio.episodeRows().count()).toBe(10);
    await page.getByTestId('search').fill('jacket');
    await expect
      .poll(() => studio.episodeRows().allTextContents())
      .toEqual([expect.stringContaining('demo-retail-return-interrupt')]);
    await page.getByTestId('search').fill('');
    await expect.poll(() => studio.episodeRows().count()).toBe(10);
    await page.getByTestId('sort').selectOption('reward');
    await page.getByTestId('sort-dir').click();
    await expect.poll(async () => (await studio.episodeRows().first().textContent()) ?? '').toMatch(/1$/);
    await page.getByTestId('filter-condition-benchmark').selectOption('vera');
    await expect.poll(() => studio.episodeRows().count()).toBe(3);
    await studio.episodeRows().first().click();
    await studio.press('j');
    await studio.press('j');
    await studio.press('j');
    const titles = await studio.episodeRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-selected')));
    expect(titles).toEqual(['false', 'false', 'true']);
    await studio.screenshot('browse-filtered');
  });
});

describe('themes', () => {
  freshStudio();

  it('switches between light and dark with T', async () => {
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    const before = await theme();
    await studio.press('t');
    await expect.poll(theme).not.toBe(before);
    await page.getByTestId('filter-condition-benchmark').selectOption('');
    await studio.openEpisode('demo-intake-email');
    await studio.screenshot(`theme-${await theme()}`);
    await studio.press('t');
    await expect.poll(theme).toBe(before);
  });
});
