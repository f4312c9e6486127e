/** Page object for the Results view: open it, read figures and table cells, export, and save screenshots. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import { artifactsDir } from '../support/browser';

/** The Results view as a user sees it. */
export class MetricsPage {
  constructor(readonly page: Page) {}

  /** Opens the studio at the host's tokenized URL and waits for the study picker to list studies. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.locator('[data-testid="study-picker"] option').first().waitFor({ state: 'attached' });
  }

  /** Picks the study whose name starts with `name` in the top bar. */
  async selectStudy(name: string): Promise<void> {
    const options = this.page.locator('[data-testid="study-picker"] option');
    const texts = await options.allTextContents();
    const index = texts.findIndex((t) => t.startsWith(name));
    if (index < 0) throw new Error(`no study "${name}" in the picker: ${texts.join(', ')}`);
    await this.page.getByTestId('study-picker').selectOption({ index });
  }

  /** Opens the Results tab and waits until the figures of `studyName` are computed. */
  async openResults(studyName: string): Promise<void> {
    if ((await this.page.getByTestId('tab-results').getAttribute('aria-selected')) !== 'true') await this.page.getByTestId('tab-results').click();
    await this.page.getByTestId('metrics-view').locator('h1', { hasText: studyName }).waitFor({ timeout: 30_000 });
    await this.page.locator('[data-testid="metrics-view"][data-loading="false"]').waitFor({ timeout: 30_000 });
  }

  /** Clicks Recompute (a new computation of the open study's figures). */
  async recompute(): Promise<void> {
    await this.page.getByTestId('metrics-reload').click();
  }

  /**
   * Waits until section `shown` is shown while the section titled `pending` is still computing (the progress line
   * names it and its table `pendingTable` is absent), and returns the progress line's text then.
   */
  async waitForPartial(shown: string, pending: string, pendingTable: string): Promise<string> {
    const handle = await this.page.waitForFunction(
      ([s, p, t]) => {
        const line = document.querySelector('[data-testid="metrics-progress"]')?.textContent ?? '';
        const absent = !document.querySelector(`[data-testid="table-${t}"]`);
        const partial = document.querySelector(`[data-testid="section-${s}"]`) && line.includes(p) && absent;
        return partial ? line : null;
      },
      [shown, pending, pendingTable] as const,
      { timeout: 30_000, polling: 'raf' },
    );
    return (await handle.jsonValue()) as string;
  }

  /** Clicks Cancel on the progress line and waits until the view says it stopped. */
  async cancel(): Promise<string> {
    await this.page.getByTestId('metrics-cancel').click();
    const line = this.page.getByTestId('metrics-progress');
    await line.filter({ hasText: 'Cancelled' }).waitFor({ timeout: 15_000 });
    await this.page.locator('[data-testid="metrics-view"][data-loading="false"]').waitFor({ timeout: 15_000 });
    return (await line.textContent()) ?? '';
  }

  /** A figure by id. */
  figure(id: string): Locator {
    return this.page.getByTestId(`figure-${id}`);
  }

  /** Waits until the figure has drawn its SVG. */
  async waitForFigure(id: string): Promise<void> {
    await this.page.locator(`[data-testid="figure-${id}"][data-drawn="true"] svg`).first().waitFor({ timeout: 15_000 });
  }

  /** A table by id. */
  table(id: string): Locator {
    return this.page.getByTestId(`table-${id}`);
  }

  /** The text of the cell in column `key` of the first row of table `id` whose text contains every one of `match`. */
  async cell(id: string, match: readonly string[], key: string): Promise<string> {
    let rows = this.table(id).locator('tbody tr');
    for (const m of match) rows = rows.filter({ hasText: m });
    return (await rows.first().locator(`td[data-key="${key}"]`).textContent()) ?? '';
  }

  /** Every body row of table `id` as column key → shown text. */
  async rows(id: string): Promise<Record<string, string>[]> {
    return this.table(id).locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => Object.fromEntries([...tr.querySelectorAll('td[data-key]')].map((td) => [td.getAttribute('data-key') ?? '', td.textContent ?? '']))),
    );
  }

  /** Clicks an export button and returns the download's suggested name and content. */
  async download(testId: string): Promise<{ name: string; content: Buffer }> {
    const [download] = (await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId(testId).click()])) as [Download, unknown];
    const path = await download.path();
    return { name: download.suggestedFilename(), content: readFileSync(path) };
  }

  /**
   * The texts of figure `id` that a user cannot read whole: cut by the figure's edges, or lying under its SVG and PNG
   * buttons. Empty when every label, tick and title shows.
   */
  async clippedTexts(id: string): Promise<string[]> {
    return this.figure(id).evaluate((figure) => {
      const root = figure.querySelector('svg')!.getBoundingClientRect();
      const buttons = figure.querySelector('.figure-actions')?.getBoundingClientRect();
      const cut: string[] = [];
      for (const text of figure.querySelectorAll('svg text')) {
        const r = text.getBoundingClientRect();
        if (r.width === 0 || !(text.textContent ?? '').trim()) continue;
        const outside = r.left < root.left - 0.5 || r.right > root.right + 0.5 || r.top < root.top - 0.5 || r.bottom > root.bottom + 0.5;
        const covered = buttons && r.right > buttons.left && r.left < buttons.right && r.bottom > buttons.top && r.top < buttons.bottom;
        if (outside || covered) cut.push(text.textContent ?? '');
      }
      return cut;
    });
  }

  /** Scrolls the Results view so that the section `id` (or the top, for null) is in view. */
  async scrollTo(id: string | null): Promise<void> {
    if (id === null) await this.page.getByTestId('metrics-view').evaluate((el) => el.scrollTo(0, 0));
    else await this.page.getByTestId(`section-${id}`).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  }

  /** Presses a key on the page body (e.g. `t` toggles the theme). */
  async press(key: string): Promise<void> {
    await this.page.locator('body').press(key);
  }

  /** Saves a screenshot of the window, or of one element, under test-results/screenshots. */
  async screenshot(name: string, of?: Locator): Promise<string> {
    const path = join(artifactsDir, `${name}.png`);
    if (of) await of.screenshot({ path });
    else await this.page.screenshot({ path });
    return path;
  }
}
