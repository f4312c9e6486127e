/** Page object for the casebook: "Add to casebook" beside my labels, the Casebook view, and an exported case page. */
import type { Locator, Page } from 'playwright-core';

/** Where a new case points, as the form's menu names it. */
export type CaseWhere = 'playhead' | 'call' | `region-${number}`;

/** The casebook as a user sees it. */
export class CasebookPage {
  constructor(readonly page: Page) {}

  /** Files the open call under `category` with `note` at the playhead, a region or the whole call; waits for it. */
  async add(category: string, note: string, where: CaseWhere = 'playhead'): Promise<string> {
    await this.fill(category, note, where);
    return this.save();
  }

  /** Opens the "Add to casebook" form and fills it in, without saving. */
  async fill(category: string, note: string, where: CaseWhere = 'playhead'): Promise<void> {
    await this.page.getByTestId('casebook-add-open').click();
    await this.page.getByTestId('casebook-category').fill(category);
    await this.page.getByTestId('casebook-where').selectOption(where);
    await this.page.getByTestId('casebook-note').fill(note);
  }

  /** Saves the filled form; returns the confirmation shown. */
  async save(): Promise<string> {
    await this.page.getByTestId('casebook-save').click();
    const added = this.page.getByTestId('casebook-added');
    await added.waitFor();
    return (await added.textContent()) ?? '';
  }

  /** Opens the Casebook view and waits for its list. */
  async openView(): Promise<void> {
    await this.page.getByTestId('tab-casebook').click();
    await this.page.locator('nav[data-testid="casebook-view"]').waitFor();
  }

  /** The categories listed, with their counts. */
  async categories(): Promise<{ category: string; count: number }[]> {
    return this.page.getByTestId('casebook-category-row').evaluateAll((els) =>
      els.map((e) => ({
        category: e.getAttribute('data-category') ?? '',
        count: Number(e.getAttribute('data-count')),
      })),
    );
  }

  /** Every case row shown. */
  cases(): Locator {
    return this.page.getByTestId('casebook-case');
  }

  /** Chooses the case row containing `text`. */
  async choose(text: string): Promise<void> {
    await this.cases().filter({ hasText: text }).first().click();
    await this.page.getByTestId('case-panel').locator('[data-testid="case-play"]').waitFor();
  }

  /** Clicks "Play from …" on the chosen case. */
  async play(): Promise<void> {
    await this.page.getByTestId('case-play').click();
  }

  /** Clicks "Export as HTML" and saves the download at `path`. */
  async exportHtml(path: string): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('case-export').click();
    const d = await download;
    await d.saveAs(path);
    return d.suggestedFilename();
  }
}

/** What an exported case page shows once its audio's metadata has loaded. */
export interface ExportedCaseFacts {
  audioDuration: number;
  figureRects: number;
  figureWidth: number;
  note: string;
  boldElements: number;
  scripts: number;
}

/** Reads an exported case page: its audio's duration (after loadedmetadata), its figure, its note, any markup. */
export async function exportedCaseFacts(page: Page): Promise<ExportedCaseFacts> {
  await page.getByTestId('case-page').waitFor();
  const audioDuration = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const a = document.querySelector('audio');
        if (!a) return reject(new Error('no audio element'));
        if (a.readyState >= 1) return resolve(a.duration);
        a.addEventListener('loadedmetadata', () => resolve(a.duration));
        a.addEventListener('error', () => reject(new Error('audio failed to load')));
        a.load();
      }),
  );
  const figure = page.getByTestId('case-figure').locator('svg');
  const box = await figure.boundingBox();
  return {
    audioDuration,
    figureRects: await figure.locator('rect').count(),
    figureWidth: box?.width ?? 0,
    note: (await page.getByTestId('case-note').textContent()) ?? '',
    boldElements: await page.locator('body b').count(),
    scripts: await page.locator('script').count(),
  };
}
