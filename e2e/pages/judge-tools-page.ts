/** Page object for the Runs view's judge tools: re-judge the open study, and compare its judges with its annotators. */
import type { Locator, Page } from 'playwright-core';

/** One row of the judges-vs-annotators table, its cells as shown. */
export interface JudgeRowShown {
  judgeId: string;
  judgeVersion: string;
  cells: string[];
}

/** The "Judges of …" section of the Runs view. */
export class JudgeToolsPage {
  constructor(readonly page: Page) {}

  /** The study the section judges, as its heading names it. */
  async studyName(): Promise<string> {
    return ((await this.page.getByTestId('judges-study').textContent()) ?? '').replace(/^“|”$/g, '');
  }

  /**
   * Judges the open study with the judge config at `judgePath` (only the calls labelled on `onlyLabelled` when given)
   * and waits until the judge job has finished; returns its [done, total].
   */
  async judge(judgePath: string, onlyLabelled?: string): Promise<[number, number]> {
    await this.page.getByTestId('run-judge').fill(judgePath);
    if (onlyLabelled) await this.page.getByTestId('judge-field').fill(onlyLabelled);
    await this.page.getByTestId('judge-only-labelled').setChecked(!!onlyLabelled);
    const jobs = await this.page.getByTestId('run-progress').count();
    await this.page.getByTestId('judge-start').click();
    await this.page.waitForFunction(
      (n) => {
        const all = document.querySelectorAll('[data-testid="run-progress"]');
        return all.length > n && all[0].getAttribute('data-finished') === 'true';
      },
      jobs,
      { timeout: 60_000 },
    );
    const job = this.page.getByTestId('run-progress').first();
    return [Number(await job.getAttribute('data-done')), Number(await job.getAttribute('data-total'))];
  }

  /** The newest job's state as shown once finished (done, cancelled or failed). */
  async jobStatus(): Promise<string> {
    return (await this.page.getByTestId('run-progress').first().getByTestId('run-job-status').textContent()) ?? '';
  }

  /** Compares the study's judges with its annotators on `field` and waits for the table. */
  async compareWithAnnotators(field: string): Promise<void> {
    await this.page.getByTestId('judge-field').fill(field);
    await this.page.getByTestId('judge-compare').click();
    await this.table().waitFor();
  }

  /** The judges-vs-annotators table. */
  table(): Locator {
    return this.page.getByTestId('judge-comparison');
  }

  /** The table's column headings. */
  async headings(): Promise<string[]> {
    return this.table().locator('thead th').allInnerTexts();
  }

  /** Every row of the table, in order. */
  async rows(): Promise<JudgeRowShown[]> {
    const rows = this.table().getByTestId('judge-row');
    const out: JudgeRowShown[] = [];
    for (const row of await rows.all()) {
      out.push({
        judgeId: (await row.getAttribute('data-judge')) ?? '',
        judgeVersion: (await row.getAttribute('data-version')) ?? '',
        cells: await row.locator('td').allInnerTexts(),
      });
    }
    return out;
  }
}
