/** Page object for the Setup view: the labelling switches, the annotators listed, and the offline exchange card. */
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';

/** A file the studio offered for download: the name it suggested and its text. */
export interface SavedFile {
  name: string;
  text: string;
}

/** One row of the conflicts table after a bundle import, as shown. */
export interface ShownConflict {
  episode: string;
  field: string;
  here: string;
  bundle: string;
  kept: string;
}

/** A switch of the Labelling card (its `setting-KEY` data-testid). */
export type SetupSwitch =
  'blind' | 'hideJudgeUntilCommit' | 'hideJudgeUntilFirstLabel' | 'hideReferenceUntilCommit' | 'autoAcceptUnanimous';

/** The Setup view as a user sees it. */
export class SetupPage {
  constructor(readonly page: Page) {}

  /** Opens the Setup tab and waits until its settings and exchange cards are shown. */
  async open(): Promise<void> {
    await this.page.getByTestId('tab-setup').click();
    await this.page.getByTestId('setup-exchange').waitFor();
    await this.page.getByTestId('setting-blind').waitFor();
  }

  /** The checkbox of one switch. */
  switch(key: SetupSwitch): Locator {
    return this.page.getByTestId(`setting-${key}`);
  }

  /** Sets a switch and waits until the main side saved it (the box is controlled: it shows what was stored). */
  async setSwitch(key: SetupSwitch, on: boolean): Promise<void> {
    const box = this.switch(key);
    if ((await box.isChecked()) === on) return;
    await box.click();
    await this.page.waitForFunction(
      ({ id, want }) => (document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null)?.checked === want,
      { id: `setting-${key}`, want: on },
    );
    await this.page
      .getByTestId('setup-message')
      .filter({ hasText: /^saved$/ })
      .waitFor();
  }

  /** The names in the Annotators card, in order. */
  async annotatorNames(): Promise<string[]> {
    return this.page
      .getByTestId('setup-annotator')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name') ?? ''));
  }

  /** Waits until the Annotators card lists `name`. */
  async waitForAnnotator(name: string): Promise<void> {
    await this.page.locator(`[data-testid="setup-annotator"][data-name="${name}"]`).waitFor({ timeout: 10_000 });
  }

  /** Clicks "export my labels (bundle)" and returns the downloaded file. */
  async exportBundle(): Promise<SavedFile> {
    return this.download('exchange-export');
  }

  /** Clicks "export validation.csv" and returns the downloaded file. */
  async exportValidationCsv(): Promise<SavedFile> {
    return this.download('exchange-csv');
  }

  /** Clicks "export validation.csv" when the main side refuses it; returns the refusal shown. */
  async refusedValidationCsv(): Promise<string> {
    await this.page.getByTestId('exchange-csv').click();
    return this.error();
  }

  /** Chooses what a bundle import does with a label that differs from the one here. */
  async onConflict(choice: 'keep' | 'take'): Promise<void> {
    await this.page.getByTestId('exchange-on-conflict').selectOption(choice);
  }

  /** Imports the bundle file at `path` and returns the result line shown ("Ana Lima: 1 added, …"). */
  async importBundle(path: string): Promise<string> {
    await this.page.getByTestId('exchange-import').setInputFiles(path);
    const result = this.page.getByTestId('exchange-result');
    await result.waitFor({ timeout: 10_000 });
    return ((await result.locator('p').first().textContent()) ?? '').trim();
  }

  /**
   * Whether the first line of the import's result is on screen: inside the window and not hidden by the pane that
   * scrolls it or by the status bar, i.e. what lies at its top and bottom edges is the line itself (waits for it).
   */
  async resultLineInView(): Promise<boolean> {
    const line = this.page.getByTestId('exchange-result').locator('p').first();
    const inView = () =>
      line.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const x = box.left + Math.min(10, box.width / 2);
        return [box.top + 1, box.bottom - 1].every((y) => {
          const seen = document.elementFromPoint(x, y);
          return seen !== null && el.contains(seen);
        });
      });
    // a smooth scroll may still be moving it
    for (let tries = 0; tries < 20 && !(await inView()); tries += 1) await this.page.waitForTimeout(50);
    return inView();
  }

  /** Imports a bundle the main side refuses; returns the refusal shown. */
  async refusedBundle(path: string): Promise<string> {
    const shown = this.page.getByTestId('exchange-error');
    const before = (await shown.count()) > 0 ? await shown.textContent() : null;
    await this.page.getByTestId('exchange-import').setInputFiles(path);
    // A refusal of the previous file may still be on screen: wait for this file's.
    await this.page.waitForFunction(
      (previous) => {
        const text = document.querySelector('[data-testid="exchange-error"]')?.textContent;
        return text != null && text !== previous;
      },
      before,
      { timeout: 10_000 },
    );
    return (await shown.textContent()) ?? '';
  }

  /** Whether a bundle import's result is shown. */
  async hasResult(): Promise<boolean> {
    return (await this.page.getByTestId('exchange-result').count()) > 0;
  }

  /** The conflicts table of the last bundle import, row by row. */
  async conflicts(): Promise<ShownConflict[]> {
    return this.page.getByTestId('exchange-conflict').evaluateAll((rows) =>
      rows.map((r) => {
        const [episode, field, here, bundle, kept] = [...r.querySelectorAll('td')].map((td) => td.textContent ?? '');
        return { episode, field, here, bundle, kept };
      }),
    );
  }

  /** The exchange card's refusal, once shown. */
  async error(): Promise<string> {
    return this.shownText('exchange-error');
  }

  /** The exchange card's note on a file it saved (e.g. validation.csv columns no field fills), once shown. */
  async notice(): Promise<string> {
    return this.shownText('exchange-notice');
  }

  private async shownText(testId: string): Promise<string> {
    const shown = this.page.getByTestId(testId);
    await shown.waitFor({ timeout: 10_000 });
    return (await shown.textContent()) ?? '';
  }

  private async download(testId: string): Promise<SavedFile> {
    const [download] = (await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId(testId).click(),
    ])) as [Download, unknown];
    return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
  }
}
