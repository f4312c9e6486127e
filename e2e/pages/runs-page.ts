/** Page object for the Runs view: every run interaction of the e2e specs goes through here, by data-testid. */
import type { Locator, Page } from 'playwright-core';
import type { FakeOpenAi } from '../../test-support/openai-server/server';

/** The part of the local OpenAI-protocol server a run is paused with: its Realtime handshakes held and let go. */
export type RunGate = Pick<FakeOpenAi, 'hold' | 'waitHeld' | 'release'>;

/** What the run form is filled with. */
export interface RunPaths {
  set: string;
  system: string;
  judge?: string;
  study?: string;
  repeats?: number;
  concurrency?: number;
}

/**
 * Drives the Runs view. With the server's gate, every Realtime call of a started run waits at the server until this
 * page object lets it through, so a test sees the run mid-way without racing it.
 */
export class RunsPage {
  constructor(
    readonly page: Page,
    private readonly gate?: RunGate,
  ) {}

  /** Opens the Runs view from the top bar. */
  async open(): Promise<void> {
    await this.page.getByTestId('tab-runs').click();
    await this.page.getByTestId('runs-view').waitFor();
  }

  /** Fills the run form with file paths and starts the run (its Realtime calls held when there is a gate). */
  async start(paths: RunPaths): Promise<void> {
    await this.page.getByTestId('run-set').fill(paths.set);
    await this.page.getByTestId('run-system').fill(paths.system);
    if (paths.judge) await this.page.getByTestId('run-judge').fill(paths.judge);
    if (paths.study) await this.page.getByTestId('run-study').fill(paths.study);
    if (paths.repeats) await this.page.getByTestId('run-repeats').fill(String(paths.repeats));
    if (paths.concurrency) await this.page.getByTestId('run-concurrency').fill(String(paths.concurrency));
    this.gate?.hold('realtime');
    await this.page.getByTestId('run-start').click();
  }

  /** Fills only the judge config path (for the judge tools). */
  async setJudge(path: string): Promise<void> {
    await this.page.getByTestId('run-judge').fill(path);
  }

  /** The progress row of the newest job. */
  progress(): Locator {
    return this.page.getByTestId('run-progress').first();
  }

  /**
   * Lets the first `n` episode calls of a run started with one call at a time through, then waits until the next is
   * held at the server and the newest job shows `n` done and still running; returns [done, total, ETA text].
   */
  async waitMidway(n: number): Promise<[number, number, string]> {
    if (!this.gate) throw new Error('waitMidway needs the server gate (new RunsPage(page, fake))');
    for (let i = 0; i < n; i++) {
      await this.gate.waitHeld(1, 'realtime');
      this.gate.release(1);
    }
    await this.gate.waitHeld(1, 'realtime');
    await this.waitDone(n);
    const row = this.progress();
    return [
      Number(await row.getAttribute('data-done')),
      Number(await row.getAttribute('data-total')),
      (await row.getByTestId('run-eta').textContent()) ?? '',
    ];
  }

  /** Waits until the newest job shows exactly `n` units done and is still running. */
  async waitDone(n: number): Promise<void> {
    await this.page.waitForFunction(
      (want) => {
        const el = document.querySelector('[data-testid="run-progress"]');
        return !!el && Number(el.getAttribute('data-done')) === want && el.getAttribute('data-finished') === 'false';
      },
      n,
      { timeout: 30_000 },
    );
  }

  /** Lets every held call go (and stops holding), then waits until the newest job has finished. */
  async waitFinished(): Promise<void> {
    this.gate?.release();
    // The newest job's own panel: an older job's, finished long ago, must not answer for it.
    await this.progress().and(this.finishedJobs()).waitFor({ timeout: 60_000 });
  }

  /** Cancels the newest job and waits until it has finished. */
  async cancel(): Promise<void> {
    await this.progress().getByTestId('run-cancel').click();
    await this.page
      .locator('[data-testid="run-progress"]')
      .first()
      .and(this.finishedJobs())
      .waitFor({ timeout: 30_000 });
  }

  /** The status the newest job's row says once finished: done, cancelled or failed. */
  async jobStatus(): Promise<string> {
    return (await this.progress().getByTestId('run-job-status').textContent()) ?? '';
  }

  /** The message of the newest job's row. */
  async jobMessage(): Promise<string> {
    return (await this.progress().getByTestId('run-job-message').textContent()) ?? '';
  }

  /** Resumes a run from its row and waits until the new job is shown. */
  async resume(runId: number): Promise<void> {
    const jobs = await this.page.getByTestId('run-progress').count();
    await this.row(runId).getByTestId('run-resume').click();
    await this.page.waitForFunction((n) => document.querySelectorAll('[data-testid="run-progress"]').length > n, jobs, {
      timeout: 30_000,
    });
  }

  /** The row of a run in the run table. */
  row(runId: number): Locator {
    return this.page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
  }

  /** The state and "done / planned" a run's row shows, once its state is `status`. */
  async waitRow(runId: number, status: string): Promise<{ status: string; done: string }> {
    const row = this.row(runId);
    await row
      .locator(`[data-testid="run-status"]`, { hasText: new RegExp(`^${status}$`) })
      .waitFor({ timeout: 30_000 });
    return {
      status: (await row.getByTestId('run-status').textContent()) ?? '',
      done: (await row.getByTestId('run-done').textContent()) ?? '',
    };
  }

  private finishedJobs(): Locator {
    return this.page.locator('[data-testid="run-progress"][data-finished="true"]');
  }
}
