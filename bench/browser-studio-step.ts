/**
 * The J/K part of the studio benchmark: in the study of 10-minute calls (bench/gen/short-calls.ts), the first call is
 * clicked and drawn, then J steps to each next call and K back to the first; times from the keydown to the first frame
 * whose waveform lanes — a new wavesurfer's, for the new episode — have painted pixels.
 */
import type { Page } from 'playwright-core';
import { SHORT_CALLS } from './gen/short-calls';

/** In the page: on J or K, the keydown's time and the first painted frame of the next episode's lanes. */
export const STEP_PROBE = `(() => {
  const steps = (window.__steps = []);
  const box = () => document.querySelector('[data-testid="waveform-canvas"]');
  const episode = () => document.querySelector('[data-testid="episode-view"]')?.getAttribute('data-episode-id') ?? null;
  const painted = (host) => {
    const root = host?.shadowRoot;
    if (!root) return false;
    for (const c of root.querySelectorAll('canvas')) {
      if (!c.width || !c.height) continue;
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) return true;
    }
    return false;
  };
  addEventListener('keydown', (e) => {
    if (e.key !== 'j' && e.key !== 'k') return;
    const step = { key: e.timeStamp, drawn: null, from: episode() };
    const host = box()?.firstElementChild ?? null;
    steps.push(step);
    const poll = () => {
      const at = performance.now();
      const now = box()?.firstElementChild ?? null;
      if (episode() !== step.from && now && now !== host && painted(now)) step.drawn = at - step.key;
      else requestAnimationFrame(poll);
    };
    requestAnimationFrame(poll);
  }, true);
})();`;

/** Presses `key` and waits until the next episode's lanes are drawn (step `n` of the probe). */
async function step(page: Page, key: 'j' | 'k', n: number): Promise<void> {
  await page.waitForTimeout(1500); // the page goes idle: whatever the studio does ahead of the next step, it does now
  await page.keyboard.press(key);
  await page.waitForFunction(
    (i) => (window as unknown as { __steps: { drawn: number | null }[] }).__steps[i]?.drawn != null,
    n,
    { timeout: 30_000, polling: 'raf' },
  );
  await page.locator('[data-testid="waveform-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
}

/**
 * Opens the short-call study, clicks its first call, presses J `SHORT_CALLS.count - 1` times to its last call, then K
 * as many times back to the first; ms per step, J's and K's.
 */
export async function stepTimes(page: Page): Promise<{ j: number[]; k: number[] }> {
  const picker = page.getByTestId('study-picker');
  const options = await picker.locator('option').allTextContents();
  await picker.selectOption({ index: options.findIndex((t) => t.startsWith(SHORT_CALLS.study)) });
  const row = page.getByTestId('episode-row').filter({ hasText: 'call-10m-1' }).first();
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  await page.getByTestId('episode-title').filter({ hasText: 'call-10m-1' }).waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="waveform-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
  const moves = SHORT_CALLS.count - 1;
  for (let i = 0; i < moves; i++) await step(page, 'j', i);
  for (let i = 0; i < moves; i++) await step(page, 'k', moves + i);
  const drawn = await page.evaluate(() =>
    (window as unknown as { __steps: { drawn: number }[] }).__steps.map((s) => s.drawn),
  );
  return { j: drawn.slice(0, moves), k: drawn.slice(moves) };
}
