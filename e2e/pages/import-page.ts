/** Page object for the Import dialog. */
import type { Page } from 'playwright-core';

/** Drives the Import command through its data-testids. */
export class ImportPage {
  constructor(readonly page: Page) {}

  /** Opens the dialog from the top bar. */
  async open(): Promise<void> {
    await this.page.getByTestId('open-import').click();
    await this.page.getByTestId('import-dialog').waitFor();
  }

  /** Closes the dialog with its × button, and waits until it is gone. */
  async close(): Promise<void> {
    await this.page.getByTestId('import-close').click();
    await this.page.getByTestId('import-dialog').waitFor({ state: 'detached' });
  }

  /** Browses the in-app folder dialog to `folder`. */
  async browse(folder: string): Promise<void> {
    await this.page.getByTestId('import-path').fill(folder);
  }

  /** Imports `path` into a study called `study`, and waits until the job has finished; returns its message. */
  async importPath(path: string, study?: string): Promise<string> {
    await this.page.getByTestId('import-path').fill(path);
    if (study) await this.page.getByTestId('import-study').fill(study);
    await this.page.getByTestId('import-start').click();
    await this.page.locator('[data-testid="import-progress"][data-finished="true"]').waitFor({ timeout: 60_000 });
    return (await this.page.getByTestId('import-message').textContent()) ?? '';
  }

  /** Starts importing `path` and returns the error shown at once (a path refused before any job starts). */
  async refusedImport(path: string): Promise<string> {
    await this.page.getByTestId('import-path').fill(path);
    await this.page.getByTestId('import-start').click();
    const error = this.page.getByTestId('import-error');
    await error.waitFor({ timeout: 10_000 });
    return (await error.textContent()) ?? '';
  }

  /** The summary line after a successful import. */
  async summary(): Promise<string> {
    return (await this.page.getByTestId('import-summary').textContent()) ?? '';
  }

  /** Opens the imported study and closes the dialog. */
  async openStudy(): Promise<void> {
    await this.page.getByTestId('import-open-study').click();
    await this.page.getByTestId('import-dialog').waitFor({ state: 'detached' });
  }
}
