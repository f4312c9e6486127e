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

  /** Ticks exactly these raters (by name) among the annotators offered. */
  async onlyRaters(names: readonly string[]): Promise<void> {
    const boxes = this.page.getByTestId('agreement-rater');
    for (const box of await boxes.all()) {
      const name = (await box.getAttribute('data-name')) ?? '';
      await box.setChecked(names.includes(name));
    }
  }

  /** The estimate shown for one statistic (e.g. percentAgreement) of the computed figures. */
  async statistic(key: string): Promise<string> {
    return (await this.page.locator(`[data-testid="agreement-stats"] tr[data-stat="${key}"] td.num`).first().textContent()) ?? '';
  }

  /** Picks a field, computes its agreement on the main side and waits for these figures (not the ones shown before). */
  async compute(field: string): Promise<void> {
    const shown = this.page.locator('[data-testid="agreement-result"]');
    const before = (await shown.count()) ? Number(await shown.getAttribute('data-generation')) : 0;
    await this.page.getByTestId('agreement-field').selectOption(field);
    await this.page.getByTestId('agreement-compute').click();
    await this.page.waitForFunction(
      ([f, n]) => {
        const el = document.querySelector('[data-testid="agreement-result"]');
        return el?.getAttribute('data-field') === f && Number(el.getAttribute('data-generation')) > Number(n);
      },
      [field, String(before)],
      { timeout: 30_000 },
    );
  }

  /** Sets the tolerance of time and region agreement (ms) for the next computation. */
  async setTolerance(ms: number): Promise<void> {
    await this.page.getByTestId('agreement-tolerance').fill(String(ms));
  }

  /** Ticks or clears "α pair bootstrap" (Hayes–Krippendorff) for the next computation. */
  async pairBootstrap(on: boolean): Promise<void> {
    await this.page.getByTestId('agreement-pair-bootstrap').setChecked(on);
  }

  /** The first-error card of the computed figures. */
  firstErrorCard(): Locator {
    return this.page.getByTestId('first-error-agreement');
  }

  /** One figure (agreement, intervalAlpha) of the first-error card. */
  async firstErrorFigure(stat: 'agreement' | 'intervalAlpha'): Promise<string> {
    return (await this.firstErrorCard().locator(`td[data-stat="${stat}"]`).textContent()) ?? '';
  }

  /** Reveals agreement to the study's annotators and waits until the offer is gone. */
  async reveal(): Promise<void> {
    await this.revealButton().click();
    await this.revealButton().waitFor({ state: 'detached' });
  }
}

/** The judge-validation parts of the Agreement tab: judge figures, the release's own, mappings, gallery, judges. */
export class JudgeValidationPage {
  constructor(readonly page: Page) {}

  /** Opens one section of a computed field's result. */
  async tab(name: 'figures' | 'disagreements' | 'compare' | 'mappings'): Promise<void> {
    await this.page.getByTestId(`agreement-tab-${name}`).click();
  }

  /** The "Judge vs humans" card of one mapping. */
  card(mappingKey: string): Locator {
    return this.page.locator(`[data-testid="judge-card"][data-mapping="${mappingKey}"]`);
  }

  /** Every judge card shown. */
  cards(): Locator {
    return this.page.getByTestId('judge-card');
  }

  /** One figure ('truePositives', 'cohenKappa', …) of one reference in a mapping's judge table, as shown. */
  async figure(mappingKey: string, reference: string, name: string): Promise<string> {
    const row = this.card(mappingKey).getByTestId('judge-table').locator(`tr[data-reference="${reference}"]`);
    const cell = row.locator(`td[data-figure="${name}"]`);
    return ((await cell.locator('.est').count()) ? cell.locator('.est') : cell).innerText();
  }

  /** The sentence said instead of judge figures when no mapping relates a judge to the field. */
  unmapped(): Locator {
    return this.page.getByTestId('judge-unmapped');
  }

  /** The release card of one validation file. */
  release(file: string): Locator {
    return this.page.locator(`[data-testid="release-validation"][data-file="${file}"]`);
  }

  /** Earshot's ('computed') or the release's ('stated') figure of a release card, as shown. */
  async releaseFigure(file: string, key: string, col: 'computed' | 'stated'): Promise<string> {
    return this.release(file).locator(`tr[data-key="${key}"] td[data-col="${col}"]`).innerText();
  }

  /** The four counts TP/FP/FN/TN of one definition of a release card, as shown. */
  async definitionCounts(file: string, key: string): Promise<string[]> {
    const row = this.release(file).getByTestId('release-definitions').locator(`tr[data-row="${key}"]`);
    const names = ['truePositives', 'falsePositives', 'falseNegatives', 'trueNegatives'];
    return Promise.all(names.map((n) => row.locator(`td[data-figure="${n}"]`).innerText()));
  }

  /** Scrolls an element to the top of the view (for screenshots). */
  async scrollTo(locator: Locator): Promise<void> {
    await locator.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  }

  /** The mapping editor. */
  mappings(): Locator {
    return this.page.getByTestId('judge-mappings');
  }

  /** The row of one mapping in the editor's list. */
  mappingRow(key: string): Locator {
    return this.page.locator(`[data-testid="mapping-row"][data-key="${key}"]`);
  }

  /** Opens the form for a new study mapping and fills its key, label and judge. */
  async startMapping(key: string, label: string, judgeId: string): Promise<void> {
    await this.page.getByTestId('mapping-add').click();
    await this.page.getByTestId('mapping-key').fill(key);
    await this.page.getByTestId('mapping-label').fill(label);
    await this.page.getByTestId('mapping-judge').selectOption(judgeId);
  }

  /** Sets where a judge output or human value stands in the form's binary mapping. */
  async side(who: 'judge' | 'human', value: string, side: 'positive' | 'negative' | ''): Promise<void> {
    const select = this.page.locator(`[data-testid="mapping-side"][data-who="${who}"][data-value="${value}"]`);
    await select.selectOption(side);
  }

  /** The disagreement gallery. */
  gallery(): Locator {
    return this.page.getByTestId('disagreement-gallery');
  }

  /** The gallery's items shown. */
  galleryItems(): Locator {
    return this.page.getByTestId('disagreement-item');
  }

  /** The gallery's counts once loaded: [shown, total]. */
  async galleryCount(): Promise<[number, number]> {
    const count = this.page.getByTestId('gallery-count');
    await count.waitFor();
    return [Number(await count.getAttribute('data-shown')), Number(await count.getAttribute('data-total'))];
  }

  /** The compare-judges panel. */
  compare(): Locator {
    return this.page.getByTestId('compare-judges');
  }

  /** One part's table ('all', 'held_out', 'tuning') of the compared judges. */
  comparePart(part: 'all' | 'held_out' | 'tuning'): Locator {
    return this.page.locator(`[data-testid="compare-part"][data-part="${part}"]`);
  }
}
