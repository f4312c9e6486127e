/** Page object for the Runs view: every run interaction of the e2e specs goes through here, by data-testid. */
import type { Locator, Page } from 'playwright-core';

/** Drives the Runs view. */
export class RunsPage {
  constructor(readonly page: Page) {}

  /** Opens the Runs view from the top bar. */
  async open(): Promise<void> {
    await this.page.getByTestId('tab-runs').click();
    await this.page.getByTestId('runs-view').waitFor();
  }

  /** Fills the run form with file paths and starts the run. */
  async start(paths: { set: string; system: string; judge?: string; repeats?: number; concurrency?: number }): Promise<void> {
    await this.page.getByTestId('run-set').fill(paths.set);
    await this.page.getByTestId('run-system').fill(paths.system);
    if (paths.judge) await this.page.getByTestId('run-judge').fill(paths.judge);
    if (paths.repeats) await this.page.getByTestId('run-repeats').fill(String(paths.repeats));
    if (paths.concurrency) await this.page.getByTestId('run-concurrency').fill(String(paths.concurrency));
    await this.page.getByTestId('run-start').click();
  }

  /** The progress row of the newest job. */
  progress(): Locator {
    return this.page.getByTestId('run-progress').first();
  }

  /** Waits until the newest job has done at least `n` units and is still running; returns [done, total, ETA text]. */
  async waitMidway(n: number): Promise<[number, number, string]> {
    const row = this.page.locator(`[data-testid="run-progress"][data-finished="false"]`).first();
    await this.page.waitForFunction((min) => {
      const el = document.querySelector('[data-testid="run-progress"]');
      return !!el && Number(el.getAttribute('data-done')) >= min && el.getAttribute('data-finished') === 'false';
    }, n, { timeout: 30_000 });
    return [Number(await row.getAttribute('data-done')), Number(await row.getAttribute('data-total')), (await row.getByTestId('run-eta').textContent()) ?? ''];
  }

  /** Waits until the newest job has finished. */
  async waitFinished(): Promise<void> {
    await this.page.locator('[data-testid="run-progress"][data-finished="true"]').first().waitFor({ timeout: 60_000 });
  }

  /** The row of a run in the run table. */
  row(runId: number): Locator {
    return this.page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
  }
}
