/** Page object for the Adjudicate view: queue, counts, the item under decision with its evidence, and the decision. */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { artifactsDir } from '../support/browser';

/** The Adjudicate view as an adjudicator sees it. */
export class AdjudicationPage {
  constructor(readonly page: Page) {}

  /** Opens the Adjudicate tab on `field`. */
  async open(field: string): Promise<void> {
    await this.page.getByTestId('tab-adjudicate').click();
    await this.page.getByTestId('adjudication-field').selectOption(field);
  }

  /** The resolution line ("source resolved for 1 of 4 (…)"). */
  counts(): Locator {
    return this.page.getByTestId('resolution-count');
  }

  /** Waits until the resolution line reads `text`. */
  async waitForCounts(text: string): Promise<void> {
    await this.counts().filter({ hasText: text }).waitFor({ timeout: 10_000 });
  }

  /** The queue's row of one call. */
  item(externalId: string): Locator {
    return this.page.getByTestId('adjudication-item').filter({ hasText: externalId });
  }

  /** The status each queued call shows, in queue order, as [externalId, status]. */
  async statuses(): Promise<[string, string][]> {
    return this.page.getByTestId('adjudication-item').evaluateAll((rows) =>
      rows.map((r): [string, string] => [
        r.querySelector('.ext-id')?.textContent ?? '',
        r.getAttribute('data-status') ?? '',
      ]),
    );
  }

  /** The text colour of the status word in a call's row. */
  async statusColour(externalId: string): Promise<string> {
    return this.item(externalId).locator('.row-bottom > span').first().evaluate((el) => getComputedStyle(el).color);
  }

  /** Opens a call from the queue and waits until its evidence and waveform are shown. */
  async select(externalId: string, withAudio = true): Promise<void> {
    await this.item(externalId).click();
    await this.waitForItem(externalId, withAudio);
  }

  /** Waits until the call under decision is `externalId`, its evidence served and (when it has audio) its waveform drawn. */
  async waitForItem(externalId: string, withAudio = true): Promise<void> {
    await this.page.getByTestId('episode-title').filter({ hasText: externalId }).waitFor({ timeout: 10_000 });
    await this.page.locator('[data-testid="adjudication-panel"][data-loaded="true"]').waitFor({ timeout: 10_000 });
    if (!withAudio) return;
    await this.page.locator('[data-testid="waveform-canvas"][data-ready="true"]').waitFor({ timeout: 20_000 });
  }

  /** The evidence card of one annotator. */
  evidence(annotator: string): Locator {
    return this.page.locator(`[data-testid="rater-evidence"][data-annotator="${annotator}"]`);
  }

  /** The notes an annotator wrote, as shown on their card. */
  async notes(annotator: string): Promise<string> {
    return (await this.evidence(annotator).getByTestId('rater-notes').textContent()) ?? '';
  }

  /** The first-error time an annotator marked, in ms, as shown on their card. */
  async firstErrorMs(annotator: string): Promise<number> {
    return Number(await this.evidence(annotator).getByTestId('rater-first-error').getAttribute('data-ms'));
  }

  /** Every annotator's label of the field, in card order. */
  async raterLabels(): Promise<string[]> {
    return this.page.getByTestId('rater-label').allTextContents();
  }

  /** Chooses the final label, writes the rationale and saves the decision. */
  async decide(value: string, rationale: string): Promise<void> {
    await this.page.locator(`[data-testid="final-option"][data-value="${value}"]`).click();
    await this.page.getByTestId('adjudication-rationale').fill(rationale);
    await this.page.getByTestId('adjudication-save').click();
  }

  /** Saves a full-window screenshot under test-results/screenshots; returns its path. */
  async screenshot(name: string): Promise<string> {
    const path = join(artifactsDir, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }
}
