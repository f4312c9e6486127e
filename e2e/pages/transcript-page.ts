/** The transcript of the open call as a test reads it: turn times, the estimated-time marks, the turn at a time. */
import type { Page } from 'playwright-core';

/** A turn's shown times in milliseconds (null when it has none). */
export interface TurnTimes {
  startMs: number | null;
  endMs: number | null;
}

export class TranscriptPage {
  constructor(readonly page: Page) {}

  /** How many turns carry the small mark saying their times are estimated. */
  async estimatedMarks(): Promise<number> {
    return this.page.getByTestId('estimated').count();
  }

  /** Every turn's times, in transcript order. */
  async times(): Promise<TurnTimes[]> {
    return this.page.getByTestId('turn').evaluateAll((els) =>
      els.map((e) => {
        const at = (name: string) => (e.hasAttribute(name) ? Number(e.getAttribute(name)) : null);
        return { startMs: at('data-start-ms'), endMs: at('data-end-ms') };
      }),
    );
  }

  /** Clicks the turn at `index` (the transcript seeks to it). */
  async click(index: number): Promise<void> {
    await this.page.getByTestId('turn').nth(index).click();
  }

  /** Re-aligns the open call with WebRTC VAD `mode` from the control above the transcript; returns its message. */
  async realign(mode: number): Promise<string> {
    await this.page.getByTestId('align-mode').selectOption(String(mode));
    await this.page.getByTestId('align-run').click();
    const message = this.page.getByTestId('align-message');
    await this.page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="align-message"]')?.textContent ?? '';
      return text !== '' && text !== 'aligning…';
    });
    return (await message.textContent()) ?? '';
  }
}
