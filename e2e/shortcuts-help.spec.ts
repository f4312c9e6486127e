/**
 * End to end: the keyboard shortcuts list over an open call, on a host of its own (a fresh database with the demo
 * study). `?` opens it, the status bar's link too; Esc, × and a click beside it close it; keys it lists do what it
 * says; it is drawn above the waveform at both window sizes. Each test opens the studio in a fresh browser context.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startSeededHost } from './support/seeded-host';
import type { TestHost } from './support/host';
import { SCREEN_SIZES, StudioPage } from './pages/studio-page';
import { ShortcutsPage } from './pages/shortcuts-page';

/** A demo call with audio (resources/demo). */
const CALL = 'demo-airline-change-flight';

let browser: Browser;
let host: TestHost;
let page: Page;
let studio: StudioPage;
let shortcuts: ShortcutsPage;

beforeAll(async () => {
  host = await startSeededHost();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  studio = new StudioPage(page);
  shortcuts = new ShortcutsPage(page);
  await studio.open(host.url);
  await studio.openEpisode(CALL);
});

afterEach(async () => {
  await page?.close();
});

describe('the shortcuts list', () => {
  it('opens with ? and from the status bar, and closes with Esc, with ? again, with × and beside it', async () => {
    await shortcuts.openWithKey();
    expect(await shortcuts.what('?')).toBe('show this list');
    expect(await shortcuts.what('Esc')).toBe('close this list or the import dialog');
    await shortcuts.closeWithKey('Escape');
    await shortcuts.openWithKey();
    await shortcuts.closeWithKey('?');
    await shortcuts.openFromStatusBar();
    await shortcuts.closeWithButton();
    await shortcuts.openFromStatusBar();
    await shortcuts.closeBeside();
    expect(await shortcuts.dialog().count()).toBe(0);
  });

  it('lists keys that do what it says: T switches the theme, ] and [ change the speed, Space plays and pauses', async () => {
    await shortcuts.openWithKey();
    expect(await shortcuts.what('T')).toBe('switch light / dark theme');
    expect(await shortcuts.what('[ / ]')).toMatch(/^slower \/ faster/);
    expect(await shortcuts.what('Space')).toBe('play / pause');
    await shortcuts.closeWithKey();

    const theme = await studio.theme();
    expect(['light', 'dark']).toContain(theme);
    await studio.press('t');
    await expect.poll(() => studio.theme()).toBe(theme === 'light' ? 'dark' : 'light');

    expect(await studio.shownRate()).toBe(1);
    await studio.press(']');
    await expect.poll(() => studio.shownRate()).toBeGreaterThan(1);
    await studio.press('[');
    await expect.poll(() => studio.shownRate()).toBe(1);
    await studio.press('[');
    await expect.poll(() => studio.shownRate()).toBeLessThan(1);

    expect(await studio.playing()).toBe(false);
    await studio.press(' ');
    await expect.poll(() => studio.playing()).toBe(true);
    await studio.waitForTime((t) => t > 0.2);
    await studio.press(' ');
    await expect.poll(() => studio.playing()).toBe(false);
  });

  it('is drawn above the waveform at both window sizes', async () => {
    const waveform = page.getByTestId('waveform-canvas');
    expect(await studio.coveredBy(waveform, 'shortcuts')).toBe(false); // the control: nothing over it while closed
    await shortcuts.openWithKey();
    const rows = page.getByTestId('shortcut');
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await expect(studio.testIdOnTopOf(page.getByTestId('shortcuts-title'))).resolves.toBe('shortcuts-title');
      // The list (its card or its dimmed backdrop), not the waveform, is what a click on the waveform's middle reaches.
      await expect(studio.coveredBy(waveform, 'shortcuts')).resolves.toBe(true);
      const last = rows.last();
      await last.scrollIntoViewIfNeeded();
      await expect(studio.testIdOnTopOf(last)).resolves.toBe('shortcut');
    }
    await page.setViewportSize(SCREEN_SIZES[0]);
    await studio.screenshotAtBothSizes('views-a-shortcuts-over-call');
  });
});
