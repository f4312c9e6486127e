/** Page object for the Agreement tab: the blind gate, computing a field's agreement, and the figures shown. */
import { readFileSync } from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';

/** A file the studio offered for download: its suggested name and its text. */
export interface DownloadedFile {
  name: string;
  text: string;
}

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
    return (
      (await this.page
        .locator(`[data-testid="agreement-stats"] tr[data-stat="${key}"] td.num`)
        .first()
        .textContent()) ?? ''
    );
  }

  /** Ticks these coefficients in the picker (the others stay as they are). */
  async showCoefficients(keys: readonly string[]): Promise<void> {
    const picker = this.page.getByTestId('coefficient-picker');
    if ((await picker.getAttribute('open')) === null) await picker.locator('summary').click();
    for (const key of keys) await picker.locator(`[data-testid="coefficient-choice"][data-key="${key}"]`).check();
  }

  /** The line under the table with PABAK's prevalence and bias indices. */
  pabakIndices(): Locator {
    return this.page.getByTestId('agreement-pabak-indices');
  }

  /** Reads the table on a benchmark scale (landisKoch, fleiss, altman; '' for none). */
  async benchmarkScale(scale: string): Promise<void> {
    await this.page.getByTestId('agreement-benchmark-scale').selectOption(scale);
  }

  /** The benchmark level retained for one statistic on the scale chosen ('' when none exceeds 0.95). */
  async benchmark(key: string): Promise<string> {
    const cell = this.page.locator(`[data-testid="agreement-stats"] tr[data-stat="${key}"] td[data-benchmark]`);
    return (await cell.getAttribute('data-benchmark')) ?? '';
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

  /** Picks α's level and the weight family for the next computation ('' = the field's own, the level's own). */
  async setScale(level: string, weights: string): Promise<void> {
    await this.page.getByTestId('agreement-level').selectOption(level);
    await this.page.getByTestId('agreement-weights').selectOption(weights);
  }

  /** The line under the figures' heading: items, level, weights, resamples, phase. */
  summary(): Locator {
    return this.page.getByTestId('agreement-summary');
  }

  /** The error shown above the figures. */
  error(): Locator {
    return this.page.getByTestId('agreement-error');
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

  /**
   * Exports the agreement report of the chosen field (Markdown or HTML, with its CSV) and returns both files as
   * downloaded: the document and the CSV.
   */
  async exportReport(format: 'markdown' | 'html'): Promise<{ document: DownloadedFile; csv: DownloadedFile }> {
    const downloads = new Promise<Download[]>((resolve) => {
      const got: Download[] = [];
      const onDownload = (d: Download) => {
        got.push(d);
        if (got.length < 2) return;
        this.page.off('download', onDownload);
        resolve(got);
      };
      this.page.on('download', onDownload);
    });
    await this.page.getByTestId(`report-${format}`).click();
    const files = await Promise.all(
      (await downloads).map(async (d) => ({ name: d.suggestedFilename(), text: readFileSync(await d.path(), 'utf8') })),
    );
    const csv = files.find((f) => f.name.endsWith('.csv'));
    const document = files.find((f) => f !== csv);
    if (!csv || !document) throw new Error(`not a document and a CSV: ${files.map((f) => f.name).join(', ')}`);
    return { document, csv };
  }

  /** Reveals agreement to the study's annotators and waits until the offer is gone. */
  async reveal(): Promise<void> {
    await this.revealButton().click();
    await this.revealButton().waitFor({ state: 'detached' });
  }

  /** The cards (by heading) wider than their box at each of the two screen sizes, after a moment to lay out. */
  async overflowingCards(): Promise<string[][]> {
    const cut: string[][] = [];
    for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
      await this.page.setViewportSize(size);
      await this.page.waitForTimeout(150);
      cut.push(
        await this.page.evaluate(() =>
          [...document.querySelectorAll('.card')]
            .filter((c) => c.scrollWidth > c.clientWidth + 1)
            .map((c) => c.querySelector('h2')?.textContent ?? c.className),
        ),
      );
    }
    return cut;
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

  /** One figure (n, percentAgreement, cohenKappa, gwetAc1) of a categorical mapping's card for one reference: as stored
   * in the cell (`value`, the estimate) and as shown (`shown`). */
  async categoricalFigure(
    mappingKey: string,
    reference: string,
    name: string,
  ): Promise<{ value: string; shown: string }> {
    const row = this.card(mappingKey).getByTestId('judge-overall').locator(`tr[data-reference="${reference}"]`);
    const cell = row.locator(`td[data-figure="${name}"]`);
    const est = cell.locator('.est');
    const shown = (await est.count()) ? await est.innerText() : await cell.innerText();
    return { value: (await cell.getAttribute('data-value')) ?? shown, shown };
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

  /** The judges the compare panel offers, as named in its baseline list ("id @ version (n judgements)"). */
  async compareOptions(): Promise<string[]> {
    return this.page.getByTestId('compare-baseline').locator('option').allInnerTexts();
  }

  /**
   * Compares two judges on the labelled items under one mapping: each judge picked by the start of its name in the
   * lists (e.g. "lenient-grader", "fake-judge @ "); waits for the table of all labelled items.
   */
  async compareJudges(mappingKey: string, baseline: string, candidate: string): Promise<void> {
    await this.page.getByTestId('compare-mapping').selectOption(mappingKey);
    const options = await this.compareOptions();
    const index = (name: string) => {
      const i = options.findIndex((o) => o.startsWith(name));
      if (i < 0) throw new Error(`no judge "${name}" among ${options.join(', ')}`);
      return String(i);
    };
    await this.page.getByTestId('compare-baseline').selectOption(index(baseline));
    await this.page.getByTestId('compare-candidate').selectOption(index(candidate));
    const before = await this.page
      .getByTestId('compare-split')
      .textContent()
      .catch(() => null);
    await this.page.getByTestId('compare-run').click();
    await this.page.waitForFunction(
      ([b, c, old]) => {
        const split = document.querySelector('[data-testid="compare-split"]')?.textContent ?? '';
        return split !== old && split.startsWith(b) && split.includes(`vs ${c}`);
      },
      [baseline, candidate, before ?? ''],
      { timeout: 30_000 },
    );
    await this.comparePart('all').waitFor();
  }

  /** The paired difference of one metric ('cohenKappa', 'f1', 'percentAgreement') for one reference, as stored in the
   * cell (`value`) and as shown (`shown`). */
  async pairedDifference(
    part: 'all' | 'held_out' | 'tuning',
    reference: string,
    metric: 'cohenKappa' | 'f1' | 'percentAgreement',
  ): Promise<{ value: string; shown: string }> {
    const cell = this.comparePart(part).locator(`tr[data-reference="${reference}"] td[data-figure="d-${metric}"]`);
    return { value: (await cell.getAttribute('data-value')) ?? '', shown: await cell.locator('.est').innerText() };
  }

  /** The references (annotators, adjudicated, pooled humans) of one part's table, in order. */
  async compareReferences(part: 'all' | 'held_out' | 'tuning'): Promise<string[]> {
    return this.comparePart(part)
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reference') ?? ''));
  }

  /** One part's table ('all', 'held_out', 'tuning') of the compared judges. */
  comparePart(part: 'all' | 'held_out' | 'tuning'): Locator {
    return this.page.locator(`[data-testid="compare-part"][data-part="${part}"]`);
  }
}
