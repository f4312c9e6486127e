/** Page object for what the waveform draws (inside wavesurfer's open shadow root) and what covers it. */
import type { Locator, Page } from 'playwright-core';

/** The waveform of the open call as a user sees it. */
export class WaveformPage {
  constructor(readonly page: Page) {}

  /** The box wavesurfer draws into. */
  canvas(): Locator {
    return this.page.getByTestId('waveform-canvas');
  }

  /** Labelled regions actually drawn on the waveform (elements in the page, not the count the component reports). */
  async drawnRegions(): Promise<number> {
    return this.canvas().locator('[part~="region"]').count();
  }

  /** The first-error markers drawn on the waveform. */
  async firstErrorMarkers(): Promise<number> {
    return this.canvas().getByTestId('first-error-marker').count();
  }

  /**
   * The times written on the time axis under the waveform that a user can read now: in view (inside the waveform's
   * box, not scrolled away) and not faded, left to right.
   */
  async readableTimeLabels(): Promise<string[]> {
    const box = (await this.canvas().boundingBox())!;
    const labels = await this.canvas()
      .locator('[part~="timeline-notch"]')
      .evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { text: (e.textContent ?? '').trim(), left: r.left, right: r.right, opacity: Number(getComputedStyle(e).opacity) };
        }),
      );
    return labels
      .filter((l) => l.text !== '' && l.opacity >= 0.5 && l.left >= box.x - 1 && l.right <= box.x + box.width + 1)
      .sort((a, b) => a.left - b.left)
      .map((l) => l.text);
  }

  /** Drags across the waveform from `fromFraction` to `toFraction` of its width, a quarter of the way down. */
  async drag(fromFraction: number, toFraction: number): Promise<void> {
    const box = (await this.canvas().boundingBox())!;
    const y = box.y + box.height * 0.25;
    await this.page.mouse.move(box.x + box.width * fromFraction, y);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + box.width * ((fromFraction + toFraction) / 2), y, { steps: 8 });
    await this.page.mouse.move(box.x + box.width * toFraction, y, { steps: 8 });
    await this.page.mouse.up();
  }
}
