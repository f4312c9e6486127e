/** Page object for the Results view's difficulty figure and VERA's word error rate note, on top of MetricsPage. */
import { MetricsPage } from './metrics-page';

/** The Results view with the τ-Elicitation difficulty analysis and VERA's word error rates. */
export class AnalysesPage extends MetricsPage {
  /** Every text of figure `id` (title, legend, ticks, labels), once it has drawn. */
  async figureTexts(id: string): Promise<string[]> {
    await this.waitForFigure(id);
    return (await this.figure(id).locator('svg text').allTextContents()).map((t) => t.trim());
  }

  /** The lines of VERA's note on absent word error rates: answer and question, each null when not shown. */
  async werAbsent(): Promise<{ answer: string | null; question: string | null }> {
    const text = async (id: string) => {
      const el = this.page.getByTestId(id);
      return (await el.count()) ? ((await el.textContent()) ?? '') : null;
    };
    return { answer: await text('vera-wer-absent-answer'), question: await text('vera-wer-absent-question') };
  }
}
