/** Page object for the speech-activity timeline a call without audio gets, by data-testid. */
import type { Locator, Page } from 'playwright-core';

/** One speech bar as drawn: its side, the turn's start, and its box on screen. */
export interface DrawnBar {
  side: string;
  startMs: number;
  box: { x: number; y: number; width: number; height: number };
}

/** The timeline of the open call as a user sees it. */
export class TimelinePage {
  constructor(readonly page: Page) {}

  /** The whole timeline (lanes, axis). */
  timeline(): Locator {
    return this.page.getByTestId('speech-timeline');
  }

  /** The lanes' drawing area, which takes the clicks. */
  canvas(): Locator {
    return this.page.getByTestId('timeline-canvas');
  }

  /** The note a call with neither audio nor timings gets. */
  noAudioNotice(): Locator {
    return this.page.getByText('No audio for this episode.');
  }

  /** Waits until the timeline is drawn. */
  async waitForTimeline(): Promise<void> {
    await this.timeline().waitFor();
  }

  /** Every speech bar, in the transcript's order. */
  async bars(): Promise<DrawnBar[]> {
    const bars = this.canvas().getByTestId('speech-bar');
    const out: DrawnBar[] = [];
    for (const bar of await bars.all()) {
      out.push({
        side: (await bar.getAttribute('data-side')) ?? '',
        startMs: Number(await bar.getAttribute('data-start-ms')),
        box: (await bar.boundingBox())!,
      });
    }
    return out;
  }

  /** How many marks of a kind are drawn. */
  async count(kind: 'latency-mark' | 'overlap-mark' | 'silence-mark' | 'tool-mark'): Promise<number> {
    return this.canvas().getByTestId(kind).count();
  }

  /** Clicks the centre of a drawn bar. */
  async clickBar(bar: DrawnBar): Promise<void> {
    await this.page.mouse.click(bar.box.x + bar.box.width / 2, bar.box.y + bar.box.height / 2);
  }

  /** The time the cursor stands at, or null while there is none. */
  async cursorMs(): Promise<number | null> {
    const cursor = this.canvas().getByTestId('timeline-cursor');
    return (await cursor.count()) === 0 ? null : Number(await cursor.getAttribute('data-ms'));
  }

  /** The transcript's overlap badges (turns starting while the other side speaks). */
  transcriptOverlaps(): Locator {
    return this.page.getByTestId('transcript').getByTestId('overlap');
  }

  /** The start of the transcript's highlighted turn, or null when none is. */
  async activeTurnStartMs(): Promise<number | null> {
    const turn = this.page.locator('[data-testid="turn"][data-active="true"]');
    return (await turn.count()) === 0 ? null : Number(await turn.first().getAttribute('data-start-ms'));
  }

  /** The start of the bar drawn as the active turn's, or null when none is. */
  async activeBarStartMs(): Promise<number | null> {
    const bar = this.canvas().locator('[data-testid="speech-bar"][data-active="true"]');
    return (await bar.count()) === 0 ? null : Number(await bar.getAttribute('data-start-ms'));
  }
}
