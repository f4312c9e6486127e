/** Page object for the reference panel (gold answers, documents, values, actions) and its setting, by data-testid. */
import type { Locator, Page } from 'playwright-core';

/** One row of the gold-vs-submitted table as shown. */
export interface FieldRow {
  status: string;
  gold: string;
  submitted: string;
  /** The parts marked as differing, gold's then submitted's. */
  marked: string[];
}

/** The reference panel of the open call as a user sees it. */
export class ReferencePage {
  constructor(readonly page: Page) {}

  /** The panel (absent while the study hides it, or for a call without a reference). */
  panel(): Locator {
    return this.page.getByTestId('reference-panel');
  }

  /** The notice shown in the panel's place while the study hides the reference. */
  hiddenNotice(): Locator {
    return this.page.getByTestId('reference-hidden');
  }

  /** The expected answer's text. */
  expected(): Locator {
    return this.panel().getByTestId('reference-expected');
  }

  /** Whether a long expected answer is shown whole ('true'), collapsed ('false'), or short and never collapsed (''). */
  async expectedOpen(): Promise<string> {
    return (await this.expected().getAttribute('data-open')) ?? '';
  }

  /** Opens (or closes again) a long expected answer. */
  async toggleExpected(): Promise<void> {
    await this.panel().getByTestId('reference-expected-more').click();
  }

  /** The context documents, collapsed or open. */
  documents(): Locator {
    return this.panel().getByTestId('reference-document');
  }

  /** Opens document `i` by its summary and returns its text element. */
  async openDocument(i: number): Promise<Locator> {
    const doc = this.documents().nth(i);
    await doc.locator('summary').click();
    const text = doc.getByTestId('reference-document-text');
    await text.waitFor();
    return text;
  }

  /** The text of document `i`, or null while it is collapsed (its text is then not in the page). */
  async documentText(i: number): Promise<string | null> {
    const text = this.documents().nth(i).getByTestId('reference-document-text');
    return (await text.count()) === 0 ? null : text.textContent();
  }

  /** Elements (not text) inside the panel's answers and documents: imported text must never become markup. */
  async elementsInImportedText(): Promise<number> {
    return this.panel()
      .locator('[data-testid="reference-expected"] *, [data-testid="reference-given"] *, pre *')
      .count();
  }

  /** The gold-vs-submitted row of `field`. */
  async field(field: string): Promise<FieldRow> {
    const row = this.panel().locator(`[data-testid="reference-field"][data-field="${field}"]`);
    return {
      status: (await row.getAttribute('data-status')) ?? '',
      gold: (await row.getByTestId('reference-gold').textContent()) ?? '',
      submitted: (await row.getByTestId('reference-submitted').textContent()) ?? '',
      marked: await row.locator('mark').allTextContents(),
    };
  }

  /** The summary over the fields ('1 of 1 not captured', 'all captured'). */
  async fieldsSummary(): Promise<string> {
    return (await this.panel().getByTestId('reference-fields-summary').textContent()) ?? '';
  }

  /** The complication's kind as stored, and as shown. */
  async complication(): Promise<{ kind: string; shown: string }> {
    const c = this.panel().getByTestId('reference-complication');
    return {
      kind: (await c.getAttribute('data-kind')) ?? '',
      shown: (await c.getByTestId('reference-complication-kind').textContent()) ?? '',
    };
  }

  /** What the panel says is missing for the call ('' when nothing is). */
  async missingNote(): Promise<string> {
    const note = this.panel().getByTestId('reference-missing');
    return (await note.count()) === 0 ? '' : ((await note.textContent()) ?? '');
  }

  /** Commits the current annotator's labels for the open call, which reveals a reference hidden until then. */
  async commitLabels(): Promise<void> {
    await this.page.getByTestId('label-commit').click();
    await this.page.getByTestId('label-committed').waitFor();
  }

  /** Turns the study's "hide the gold/reference until the annotator commits" switch on or off (Setup tab). */
  async setHiddenUntilCommit(on: boolean): Promise<void> {
    const box = this.page.getByTestId('setting-hideReferenceUntilCommit');
    // The box shows the saved setting, so it changes only once the main side has stored the new one.
    if ((await box.isChecked()) !== on) await box.click();
    await this.page.waitForFunction(
      (want) =>
        (document.querySelector('[data-testid="setting-hideReferenceUntilCommit"]') as HTMLInputElement)?.checked ===
        want,
      on,
    );
  }
}
