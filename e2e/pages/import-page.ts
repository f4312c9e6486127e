/** Page object for the Import dialog. */
import type { Locator, Page } from 'playwright-core';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

  /** The folder the in-app browser shows. */
  async folder(): Promise<string> {
    return (await this.page.getByTestId('import-folder').textContent()) ?? '';
  }

  /** Waits until the in-app browser shows `folder`. */
  async waitForFolder(folder: string): Promise<void> {
    await this.page
      .getByTestId('import-folder')
      .filter({ hasText: new RegExp(`^${escape(folder)}$`) })
      .waitFor();
  }

  /** The path field's value. */
  async path(): Promise<string> {
    return this.page.getByTestId('import-path').inputValue();
  }

  /** An entry of the browsed folder, by name. */
  entry(name: string): Locator {
    return this.page.locator(`[data-testid="import-entry"][data-name="${name}"]`);
  }

  /** Opens a subfolder of the browsed folder (a double click on one the browser recognises, which a click chooses). */
  async openFolder(name: string): Promise<void> {
    const entry = this.entry(name);
    const folder = `${await this.folder()}/${name}`.replace(/^\/\//, '/');
    if (await entry.getAttribute('data-format')) await entry.dblclick();
    else await entry.click();
    await this.waitForFolder(folder);
  }

  /** Browses with the in-app browser, up with ".." and down folder by folder, to the absolute folder `target`. */
  async browseTo(target: string): Promise<void> {
    const inside = (folder: string) =>
      target === folder || target.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
    for (let folder = await this.folder(); !inside(folder); folder = await this.folder()) {
      await this.page.getByTestId('import-up').click();
      await this.page
        .getByTestId('import-folder')
        .filter({ hasNotText: new RegExp(`^${escape(folder)}$`) })
        .waitFor();
    }
    const rest = target
      .slice((await this.folder()).length)
      .split('/')
      .filter(Boolean);
    for (const name of rest) await this.openFolder(name);
  }

  /** The browsed folder's entries as listed, in order: name, kind and the format recognised ('' for none). */
  async entries(): Promise<{ name: string; kind: string; format: string }[]> {
    return this.page.getByTestId('import-entry').evaluateAll((els) =>
      els.map((e) => ({
        name: e.getAttribute('data-name') ?? '',
        kind: e.getAttribute('data-kind') ?? '',
        format: e.getAttribute('data-format') ?? '',
      })),
    );
  }

  /** Browses into a subfolder the browser does not recognise (a click opens it) and waits until it is shown. */
  async clickFolder(name: string): Promise<void> {
    const folder = `${await this.folder()}/${name}`.replace(/^\/\//, '/');
    await this.entry(name).click();
    await this.waitForFolder(folder);
  }

  /** Goes up to the parent folder with ".." and waits until it is shown. */
  async up(): Promise<void> {
    const folder = await this.folder();
    await this.page.getByTestId('import-up').click();
    await this.page
      .getByTestId('import-folder')
      .filter({ hasNotText: new RegExp(`^${escape(folder)}$`) })
      .waitFor();
  }

  /** Whether "Use this folder" can be clicked (not when the browsed folder is already the chosen path). */
  async canUseThisFolder(): Promise<boolean> {
    return this.page.getByTestId('import-use-folder').isEnabled();
  }

  /** Types a path into the path field (a typed path is kept while browsing elsewhere). */
  async typePath(path: string): Promise<void> {
    await this.page.getByTestId('import-path').fill(path);
  }

  /** Whether the format selector is marked for attention (the main side could not tell the format). */
  async formatNeedsAttention(): Promise<boolean> {
    return ((await this.page.getByTestId('import-format').getAttribute('class')) ?? '')
      .split(' ')
      .includes('attention');
  }

  /** The progress bar's value in percent (null while it shows no amount). */
  async progressPercent(): Promise<number | null> {
    const bar = this.page.getByTestId('import-progress').locator('progress');
    return bar.evaluate((el) => (el.hasAttribute('value') ? (el as HTMLProgressElement).value : null));
  }

  /** Clicks Cancel on the running import. */
  async cancel(): Promise<void> {
    await this.page.getByTestId('import-cancel').click();
  }

  /** Chooses an entry of the browsed folder for import (a click on a file or on a folder it recognises). */
  async choose(name: string): Promise<void> {
    await this.entry(name).click();
  }

  /** Chooses the browsed folder itself for import. */
  async chooseThisFolder(): Promise<void> {
    await this.page.getByTestId('import-use-folder').click();
  }

  /** The formats the dialog offers, as option values ('' for auto). */
  async formats(): Promise<string[]> {
    return this.page
      .getByTestId('import-format')
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  }

  /** Chooses the format to import with ('' for auto). */
  async chooseFormat(format: string): Promise<void> {
    await this.page.getByTestId('import-format').selectOption(format);
  }

  /** Starts importing the chosen path as it stands, and waits until the job has finished; returns its message. */
  async start(): Promise<string> {
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

  /** Starts importing `path` and waits for the refusal whose text matches `expected`; returns the refusal. */
  async refusal(path: string, expected: RegExp): Promise<string> {
    await this.page.getByTestId('import-path').fill(path);
    await this.page.getByTestId('import-start').click();
    const error = this.page.getByTestId('import-error').filter({ hasText: expected });
    await error.waitFor({ timeout: 10_000 });
    return (await error.textContent()) ?? '';
  }

  /** Fills the path (a folder, or an s3:// or https:// location) and starts the import without waiting for it. */
  async begin(path: string): Promise<void> {
    await this.page.getByTestId('import-path').fill(path);
    await this.page.getByTestId('import-start').click();
  }

  /** Waits until the job's message matches `pattern`; returns it. */
  async waitForMessage(pattern: RegExp, timeout = 30_000): Promise<string> {
    const message = this.page.getByTestId('import-message').filter({ hasText: pattern });
    await message.waitFor({ timeout });
    return (await message.textContent()) ?? '';
  }

  /** Waits until the running import has finished; returns its last message. */
  async finished(): Promise<string> {
    await this.page.locator('[data-testid="import-progress"][data-finished="true"]').waitFor({ timeout: 60_000 });
    return (await this.page.getByTestId('import-message').textContent()) ?? '';
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
