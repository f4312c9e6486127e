/** Page object for the studio's main window: every e2e interaction goes through here, by data-testid. */
import type { Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { artifactsDir } from '../support/browser';

/** The two window sizes every screen is checked at. */
export const SCREEN_SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/** The studio as a user sees it. */
export class StudioPage {
  constructor(readonly page: Page) {}

  /** Opens the studio at the host's tokenized URL and waits for the episode list. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.episodeRows().first().waitFor();
  }

  /** Every visible episode row. */
  episodeRows(): Locator {
    return this.page.getByTestId('episode-row');
  }

  /** Opens the episode whose row shows `externalId`, and waits until its waveform is drawn. */
  async openEpisode(externalId: string): Promise<void> {
    await this.openCall(externalId);
    await this.waitForWaveform();
  }

  /**
   * Opens the episode whose row shows `externalId` (with or without audio), and waits until its title is shown and
   * its detail has come (the transcript and the side panels show this call, not the one before).
   */
  async openCall(externalId: string): Promise<void> {
    await this.episodeRows().filter({ hasText: externalId }).first().click();
    await this.page.getByTestId('episode-title').filter({ hasText: externalId }).waitFor();
    await this.page.locator('aside.right:not([aria-busy])').waitFor();
  }

  /** External ids of the visible episode rows whose text contains `text` (e.g. a system's name), in list order. */
  async externalIdsOfRows(text: string): Promise<string[]> {
    const rows = this.episodeRows().filter({ hasText: text });
    return rows.locator('.ext-id').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  }

  /** The progress marks shown on the row of `externalId`: mine and the study's ('' where none is shown). */
  async rowMarks(externalId: string): Promise<{ mine: string; study: string }> {
    const row = this.episodeRows().filter({ hasText: externalId }).first();
    const mark = async (testId: string) => {
      const el = row.getByTestId(testId);
      return (await el.count()) === 0 ? '' : ((await el.getAttribute('data-progress')) ?? '');
    };
    return { mine: await mark('progress-mine'), study: await mark('progress-study') };
  }

  /**
   * Filters the list by a progress mark ('' for all) and waits until it shows `rows` rows, each bearing that mark:
   * the count alone can be the previous filter's (two filters of one row each).
   */
  async filterByProgress(value: string, rows: number): Promise<void> {
    await this.page.getByTestId('filter-progress').selectOption(value);
    await this.page.waitForFunction(
      ({ mark, n }) => {
        const shown = [...document.querySelectorAll('[data-testid="episode-row"]')];
        const marked = (row: Element) =>
          mark === '' || row.querySelector(`[data-testid^="progress-"][data-progress="${mark}"]`) !== null;
        return shown.length === n && shown.every(marked);
      },
      { mark: value, n: rows },
    );
  }

  /** The external id of the open call. */
  async openTitle(): Promise<string> {
    return (await this.page.getByTestId('episode-title').textContent()) ?? '';
  }

  /** Waits until wavesurfer reports the audio ready. */
  async waitForWaveform(): Promise<void> {
    await this.page.locator('[data-testid="waveform-canvas"][data-ready="true"]').waitFor({ timeout: 20_000 });
  }

  /** The transcript's turns. */
  turns(): Locator {
    return this.page.getByTestId('turn');
  }

  /** Index of the highlighted turn, or -1. */
  async activeTurnIndex(): Promise<number> {
    const active = this.page.locator('[data-testid="turn"][data-active="true"]');
    if ((await active.count()) === 0) return -1;
    return Number(await active.first().getAttribute('data-index'));
  }

  /** The playback time shown in the status bar, in seconds. */
  async shownTimeSeconds(): Promise<number> {
    const text = (await this.page.getByTestId('playback-time').textContent()) ?? '0:00.0';
    const [m, s] = text.split(':');
    return Number(m) * 60 + Number(s);
  }

  /** The exact playback time the player last reported, in seconds. */
  async mediaTime(): Promise<number> {
    return Number((await this.page.getByTestId('playback-time').getAttribute('data-ms')) ?? -1000) / 1000;
  }

  /** Waits until `check(seconds)` holds for the reported playback time. */
  async waitForTime(check: (seconds: number) => boolean, timeout = 10_000): Promise<void> {
    const deadline = Date.now() + timeout;
    while (!check(await this.mediaTime())) {
      if (Date.now() > deadline) throw new Error(`playback time stayed at ${await this.mediaTime()} s`);
      await this.page.waitForTimeout(50);
    }
  }

  /** The status bar's play / pause button: the symbol it shows and what a click does. */
  async statusPlayButton(): Promise<{ symbol: string; action: string }> {
    const button = this.page.getByTestId('playback-state');
    return { symbol: (await button.textContent()) ?? '', action: (await button.getAttribute('aria-label')) ?? '' };
  }

  /** Picks the study whose name starts with `name` in the top bar (the view shown stays). */
  async selectStudy(name: string): Promise<void> {
    const picker = this.page.getByTestId('study-picker');
    const options = await picker
      .locator('option')
      .evaluateAll((els) => els.map((e) => ({ text: e.textContent ?? '', value: (e as HTMLOptionElement).value })));
    const option = options.find((o) => o.text.startsWith(name));
    if (!option) throw new Error(`no study "${name}" in the picker: ${options.map((o) => o.text).join(', ')}`);
    await picker.selectOption(option.value);
    await this.page.waitForFunction(
      (value) => (document.querySelector('[data-testid="study-picker"]') as HTMLSelectElement | null)?.value === value,
      option.value,
    );
  }

  /** The studies the top bar's picker offers, as shown ("name (episodes)"), in order. */
  async studyOptions(): Promise<string[]> {
    return this.page
      .getByTestId('study-picker')
      .locator('option')
      .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  }

  /** The window's colour theme ('light' or 'dark'), as set on the document. */
  async theme(): Promise<string> {
    return this.page.evaluate(() => document.documentElement.dataset.theme ?? '');
  }

  /** The playback speed the status bar shows, as a number (1 for "1×"). */
  async shownRate(): Promise<number> {
    return Number(((await this.page.getByTestId('playback-rate').textContent()) ?? '').replace('×', ''));
  }

  /** Whether the status bar says the call is playing. */
  async playing(): Promise<boolean> {
    return (await this.page.getByTestId('playback-state').getAttribute('data-playing')) === 'true';
  }

  /** Presses a key on the page body. */
  async press(key: string): Promise<void> {
    await this.page.locator('body').press(key);
  }

  /**
   * The data-testid of the element a click at the centre of `target` would reach (the nearest ancestor with one),
   * or '' — tells whether something is drawn over it.
   */
  async testIdOnTopOf(target: Locator): Promise<string> {
    const box = (await target.boundingBox())!;
    return this.page.evaluate(
      ({ x, y }) => {
        const hit = document.elementFromPoint(x, y);
        return hit?.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
  }

  /** Whether what a click at the centre of `target` reaches lies inside the element with data-testid `over`. */
  async coveredBy(target: Locator, over: string): Promise<boolean> {
    const box = (await target.boundingBox())!;
    return this.page.evaluate(({ x, y, id }) => !!document.elementFromPoint(x, y)?.closest(`[data-testid="${id}"]`), {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
      id: over,
    });
  }

  /** Saves a full-window screenshot at 1440×900 and at 1280×720 (`name-1440`, `name-1280`); returns both paths. */
  async screenshotAtBothSizes(name: string): Promise<string[]> {
    const before = this.page.viewportSize();
    const paths: string[] = [];
    for (const size of SCREEN_SIZES) {
      await this.page.setViewportSize(size);
      await this.page.waitForTimeout(150);
      paths.push(await this.screenshot(`${name}-${size.width}`));
    }
    if (before) await this.page.setViewportSize(before);
    return paths;
  }

  /** Saves a full-window screenshot under test-results/screenshots. */
  async screenshot(name: string): Promise<string> {
    const path = join(artifactsDir, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }
}
