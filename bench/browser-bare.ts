/**
 * The baseline of the studio rows: bare wavesurfer on the bench page (bench/page/wave.html, mode=click) in a fresh
 * Chromium whose audio output the page opened first. A press opens the 1-hour WAV, then each J the next file (the
 * 10-minute calls): the overview peaks the studio is sent, fetched from the event, a media element, a new WaveSurfer.
 */
import type { Page } from 'playwright-core';
import { launchChromium } from './lib/chromium';

/** One bare open, in ms from the press or keydown; null when it never happened. */
export interface BareOpen {
  file: string;
  drawn: number | null;
  playable: number | null;
}

const opened = (page: Page, n: number) =>
  page.waitForFunction(
    (k) => {
      const o = (window as unknown as { __bench: { opens?: BareOpen[] } }).__bench.opens?.[k];
      return o !== undefined && o.drawn !== null && o.playable !== null;
    },
    n,
    { timeout: 30_000, polling: 100 },
  );

/** Opens `files` in order on the bench page at `origin` (a press, then J for each next one); every open's times. */
export async function bareOpens(origin: string, files: readonly string[]): Promise<BareOpen[]> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/wave.html?mode=click&files=${files.join(',')}`);
    await page.waitForFunction(() => (window as unknown as { __bench: { armed?: boolean } }).__bench.armed === true);
    await page.waitForTimeout(500);
    await page.click('#open');
    await opened(page, 0);
    for (let i = 1; i < files.length; i++) {
      await page.waitForTimeout(1500);
      await page.keyboard.press('j');
      await opened(page, i);
    }
    return await page.evaluate(() => (window as unknown as { __bench: { opens: BareOpen[] } }).__bench.opens);
  } finally {
    await browser.close();
  }
}
