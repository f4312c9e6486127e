/** Page object for labelling, adjudication, agreement and setup: every interaction by data-testid. */
import type { Locator, Page } from 'playwright-core';

/** The annotation parts of the studio as a user sees them. */
export class LabelsPage {
  constructor(readonly page: Page) {}

  /** The top-bar badge naming the current annotator. */
  badge(): Locator {
    return this.page.getByTestId('annotator-badge');
  }

  /** Name of the current annotator ('' when none is chosen). */
  async currentAnnotator(): Promise<string> {
    return (await this.badge().getAttribute('data-annotator')) ?? '';
  }

  /** Adds an annotator profile from the badge menu; the first one becomes current at once, later ones need confirming. */
  async addAnnotator(name: string, role: 'annotator' | 'adjudicator' = 'annotator'): Promise<void> {
    await this.badge().click();
    await this.page.getByTestId('annotator-name').fill(name);
    await this.page.getByTestId('annotator-form').locator('select').selectOption(role);
    await this.page.getByTestId('annotator-create').click();
    const confirm = this.page.getByTestId('annotator-confirm');
    await Promise.race([confirm.waitFor(), this.page.getByTestId('annotator-menu').waitFor({ state: 'detached' })]);
  }

  /** Adds a profile from the badge menu and labels as it at once (confirming the switch when someone is current). */
  async addAndSwitchTo(name: string, role: 'annotator' | 'adjudicator' = 'annotator'): Promise<void> {
    await this.addAnnotator(name, role);
    if (await this.page.getByTestId('annotator-confirm').isVisible())
      await this.page.getByTestId('annotator-confirm-switch').click();
    await this.page.locator(`[data-testid="annotator-badge"][data-annotator="${name}"]`).waitFor();
  }

  /** Switches to another annotator: pick, then confirm (a deliberate two-step action). */
  async switchTo(name: string): Promise<void> {
    if (!(await this.page.getByTestId('annotator-menu').isVisible())) await this.badge().click();
    await this.page.locator(`[data-testid="annotator-item"][data-name="${name}"]`).click();
    await this.page.getByTestId('annotator-confirm-switch').click();
    await this.page.locator(`[data-testid="annotator-badge"][data-annotator="${name}"]`).waitFor();
  }

  /** The annotators the badge menu offers in the open study, in order, each with whether it is an imported rater. */
  async offeredAnnotators(): Promise<{ name: string; imported: boolean }[]> {
    if (!(await this.page.getByTestId('annotator-menu').isVisible())) await this.badge().click();
    const items = await this.page.getByTestId('annotator-item').evaluateAll((els) =>
      els.map((e) => ({
        name: e.getAttribute('data-name') ?? '',
        imported: e.getAttribute('data-imported') === 'true',
      })),
    );
    await this.closeMenu();
    return items;
  }

  /** Picks `name` in the badge menu and returns what the confirmation says and its button, leaving it open. */
  async confirmationFor(name: string): Promise<{ text: string; button: string }> {
    if (!(await this.page.getByTestId('annotator-menu').isVisible())) await this.badge().click();
    await this.page.locator(`[data-testid="annotator-item"][data-name="${name}"]`).click();
    const confirm = this.page.getByTestId('annotator-confirm');
    const button = (await this.page.getByTestId('annotator-confirm-switch').textContent()) ?? '';
    return { text: (await confirm.locator('p').textContent()) ?? '', button };
  }

  /** Cancels an open confirmation or menu. */
  async closeMenu(): Promise<void> {
    if (await this.page.getByTestId('annotator-menu').isVisible()) await this.badge().click();
  }

  /** The label panel of the open episode. */
  panel(): Locator {
    return this.page.getByTestId('label-panel');
  }

  /** The row of one field. */
  field(key: string): Locator {
    return this.page.locator(`[data-testid="label-field"][data-field="${key}"]`);
  }

  /** Clicks an option chip of a field (a change) and waits until the main side acknowledges it; returns the new revision. */
  async choose(field: string, value: string): Promise<number> {
    const before = await this.revision();
    await this.field(field).locator(`[data-testid="label-option"][data-value="${value}"]`).click();
    return this.waitForAck(before);
  }

  /** The history revision last acknowledged (0 before any). */
  async revision(): Promise<number> {
    return Number((await this.ack().getAttribute('data-revision')) || 0);
  }

  /** The values shown as chosen in a field. */
  async chosen(field: string): Promise<string[]> {
    return this.field(field)
      .locator('[data-testid="label-option"][aria-pressed="true"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-value') ?? ''));
  }

  /** The other annotators' labels the panel shows beside mine, one line each ("Ben Okafor: source agent · …"). */
  async otherLabels(): Promise<string[]> {
    const others = this.page.getByTestId('other-labels').locator('p');
    return others.evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
  }

  /** Waits until the panel shows the labels of the open call for the current annotator. */
  async waitForPanel(): Promise<void> {
    await this.page.locator('[data-testid="label-panel"][data-phase]').waitFor({ timeout: 10_000 });
  }

  /** The acknowledgement indicator. */
  ack(): Locator {
    return this.page.getByTestId('label-ack');
  }

  /** Waits until the main side acknowledged every change (saved, with a revision above `after`); returns that revision. */
  async waitForAck(after = 0): Promise<number> {
    await this.page.waitForFunction(
      (min) => {
        const el = document.querySelector('[data-testid="label-ack"]');
        return el?.getAttribute('data-state') === 'saved' && Number(el.getAttribute('data-revision')) > min;
      },
      after,
      { timeout: 10_000 },
    );
    return Number(await this.ack().getAttribute('data-revision'));
  }

  /** Types notes and leaves the field (notes save on blur); waits for the acknowledgement. */
  async writeNotes(text: string): Promise<number> {
    const before = await this.revision();
    const box = this.field('notes').getByTestId('label-text');
    await box.fill(text);
    await box.blur();
    return this.waitForAck(before);
  }

  /** Opens one of the four views. */
  async tab(view: 'label' | 'adjudicate' | 'agreement' | 'setup'): Promise<void> {
    await this.page.getByTestId(`tab-${view}`).click();
  }

  /** Opens Agreement and waits until it settles: the blind notice's reason, or 'open' when agreement is shown. */
  async agreementAccess(): Promise<string> {
    await this.tab('agreement');
    const blind = this.page.getByTestId('agreement-blind');
    // The field select shows at once, beside "checking access…": settled is a notice, or the field and no check.
    await this.page.waitForFunction(
      () =>
        document.querySelector('[data-testid="agreement-blind"]') !== null ||
        (document.querySelector('[data-testid="agreement-field"]') !== null &&
          document.querySelector('[data-testid="agreement-checking"]') === null),
      undefined,
      { timeout: 10_000 },
    );
    return (await blind.count()) > 0 ? ((await blind.getAttribute('data-reason')) ?? '') : 'open';
  }

  /** Saves a screenshot via the studio page's folder. */
  async screenshotPath(dir: string, name: string): Promise<string> {
    const path = `${dir}/${name}.png`;
    await this.page.screenshot({ path });
    return path;
  }
}
