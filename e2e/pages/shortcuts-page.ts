/** Page object for the keyboard shortcuts list: opened with `?` or from the status bar, closed with Esc, × or beside it. */
import type { Locator, Page } from 'playwright-core';

/** The shortcuts list as a user sees it. */
export class ShortcutsPage {
  constructor(readonly page: Page) {}

  /** The dialog. */
  dialog(): Locator {
    return this.page.getByTestId('shortcuts');
  }

  /** Presses `?` on the page and waits until the list is shown. */
  async openWithKey(): Promise<void> {
    await this.page.locator('body').press('?');
    await this.dialog().waitFor();
  }

  /** Clicks "? shortcuts" in the status bar and waits until the list is shown. */
  async openFromStatusBar(): Promise<void> {
    await this.page.getByTestId('open-shortcuts').click();
    await this.dialog().waitFor();
  }

  /** The rows of the list, in order, as [keys, what they do]. */
  async rows(): Promise<[string, string][]> {
    return this.page
      .getByTestId('shortcut')
      .evaluateAll((rows) =>
        rows.map((r): [string, string] => [
          r.querySelector('kbd')?.textContent ?? '',
          r.querySelector('td')?.textContent ?? '',
        ]),
      );
  }

  /** What the list says `keys` does ('' when it does not list them). */
  async what(keys: string): Promise<string> {
    return (await this.rows()).find(([k]) => k === keys)?.[1] ?? '';
  }

  /** Presses `key` on the page and waits until the list is gone. */
  async closeWithKey(key = 'Escape'): Promise<void> {
    await this.page.locator('body').press(key);
    await this.dialog().waitFor({ state: 'detached' });
  }

  /** Clicks the list's × and waits until it is gone. */
  async closeWithButton(): Promise<void> {
    await this.page.getByTestId('shortcuts-close').click();
    await this.dialog().waitFor({ state: 'detached' });
  }

  /** Clicks the dimmed backdrop near the window's top left corner and waits until the list is gone. */
  async closeBeside(): Promise<void> {
    await this.dialog().click({ position: { x: 8, y: 8 } });
    await this.dialog().waitFor({ state: 'detached' });
  }
}
