/** Page object for the Agreement tab: the blind gate, computing a field's agreement, and the figures shown. */
import type { Locator, Page } from 'playwright-core';

/** The Agreement tab as a user sees it. */
export class AgreementPage {
  constructor(readonly page: Page) {}

  /** The notice shown instead of the figures while the study is blind to the viewer. */
  blindNotice(): Locator {
    return this.page.getByTestId('agreement-blind');
  }

  /** "Reveal agreement", offered to the study lead and adjudicators while the study is blind and not revealed. */
  revealButton(): Locator {
    return this.page.getByTestId('agreement-reveal');
  }

  /** The computed figures. */
  result(): Locator {
    return this.page.getByTestId('agreement-result');
  }

  /** The confusion matrix of the computed figures. */
  matrix(): Locator {
    return this.page.getByTestId('confusion-matrix');
  }

  /** Picks a field, computes its agreement on the main side and waits for the figures. */
  async compute(field: string): Promise<void> {
    await this.page.getByTestId('agreement-field').selectOption(field);
    await this.page.getByTestId('agreement-compute').click();
    await this.result().waitFor({ timeout: 30_000 });
  }

  /** Reveals agreement to the study's annotators and waits until the offer is gone. */
  async reveal(): Promise<void> {
    await this.revealButton().click();
    await this.revealButton().waitFor({ state: 'detached' });
  }
}
