/** Page object for the τ² part of the reference panel: the task's expected actions and its other criteria. */
import type { Locator, Page } from 'playwright-core';

/** One expected action as shown: its name, its arguments as [name, value] and who takes it ('' when the agent does). */
export interface ShownAction {
  name: string;
  args: [string, string][];
  by: string;
}

/** The evaluation criteria of the open τ² call as the reference panel shows them. */
export class ExpectedActionsPage {
  constructor(readonly page: Page) {}

  /** The rows of the expected actions, in the task's order. */
  actions(): Locator {
    return this.page.getByTestId('reference-panel').getByTestId('reference-action');
  }

  /** Every expected action as shown, in order, once the panel is. */
  async shown(): Promise<ShownAction[]> {
    await this.page.getByTestId('reference-panel').waitFor();
    return this.actions().evaluateAll((rows) =>
      rows.map((r) => ({
        name: r.querySelector('code')?.textContent ?? '',
        args: [...r.querySelectorAll('.ref-args div')].map((d): [string, string] => [
          d.querySelector('dt')?.textContent ?? '',
          d.querySelector('dd')?.textContent ?? '',
        ]),
        by: r.querySelector('.muted')?.textContent ?? '',
      })),
    );
  }

  /** The criteria's other lists ('to communicate', 'assertions') as [heading, items], in the panel's order. */
  async lists(): Promise<[string, string[]][]> {
    return this.page
      .getByTestId('reference-panel')
      .locator('.ref-criteria .ref-list')
      .evaluateAll((lists) =>
        lists.map((l): [string, string[]] => [
          l.previousElementSibling?.textContent ?? '',
          [...l.querySelectorAll('li')].map((li) => li.textContent ?? ''),
        ]),
      );
  }
}
