/**
 * End to end: an annotator draws labelled regions on the waveform, names them, and they persist and are drawn.
 * Independent tests: each writes, so each starts its own host seeded through the CLI — Rae Quinn by `earshot labels
 * import`, and for the delete test her region by `earshot annotations import` of an Audacity label file — opens a fresh
 * page as Rae and the call itself.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium, useFreshPage, useTestScope } from './support/spec-hooks';
import { DEMO_STUDY, writeLabelBundle } from './support/label-bundle';
import { StudioPage } from './pages/studio-page';
import { LabelsPage } from './pages/labels-page';

const CALL = 'demo-retail-return-interrupt';
const chromium = useChromium();
const scope = useTestScope();
const freshPage = useFreshPage(chromium);
let page: Page;
let studio: StudioPage;
let labels: LabelsPage;

beforeEach(() => {
  page = freshPage();
  studio = new StudioPage(page);
  labels = new LabelsPage(page);
});

/** Opens the studio as Rae Quinn on a host of its own, seeded with her profile and then `commands` (CLI argv). */
async function openAsRae(commands: (work: string) => string[][] = () => []): Promise<void> {
  const work = scope.work();
  const rae = writeLabelBundle(work, 'rae.json', 'Rae Quinn', []);
  const host = await scope.host({ labelBundles: [rae], commands: commands(work) });
  await studio.open(host.url);
  await labels.switchTo('Rae Quinn');
}

describe('labelled regions', () => {
  it('draws a region by dragging on the waveform, names it, and keeps it after a reload', async () => {
    await openAsRae();
    await studio.openEpisode(CALL);
    await page.getByTestId('regions').waitFor();
    await studio.press('r');
    await expect(page.getByTestId('regions-draw').getAttribute('aria-pressed')).resolves.toBe('true');
    const canvas = page.getByTestId('waveform-canvas');
    const box = (await canvas.boundingBox())!;
    const y = box.y + box.height * 0.25;
    const before = await labels.revision();
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, y, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 8 });
    await page.mouse.up();
    await labels.waitForAck(before);
    await expect.poll(() => page.getByTestId('region').count()).toBe(1);
    const name = page.getByTestId('region-label');
    const named = await labels.revision();
    await name.fill('agent barges in; hears "cancel"');
    await name.press('Enter');
    await labels.waitForAck(named);
    await expect.poll(() => canvas.getAttribute('data-regions')).toBe('1');
    await studio.press('r');
    await studio.screenshot('labels-region');
    await page.reload();
    await studio.episodeRows().first().waitFor();
    await studio.openEpisode(CALL);
    await expect.poll(() => page.getByTestId('region-label').inputValue()).toBe('agent barges in; hears "cancel"');
    const time = (await page.getByTestId('region').locator('.time-link').textContent()) ?? '';
    const [from, to] = time.split('–').map((t) => {
      const [m, s] = t.split(':');
      return Number(m) * 60 + Number(s);
    });
    expect(to).toBeGreaterThan(from + 1);
  });

  it('deletes a region', async () => {
    // Rae's region on the call as the test above leaves it, from an Audacity label file (start, end, label in s).
    await openAsRae((work) => {
      const file = join(work, 'regions.txt');
      writeFileSync(file, '4.000000\t6.500000\tagent barges in; hears "cancel"\n');
      const where = ['--study', DEMO_STUDY.name, '--episode', CALL, '--annotator', 'Rae Quinn'];
      return [['annotations', 'import', ...where, '--file', file, '--format', 'audacity']];
    });
    await studio.openEpisode(CALL);
    await expect.poll(() => page.getByTestId('region').count()).toBe(1);
    const before = await labels.revision();
    await page.getByTestId('region-delete').click();
    await labels.waitForAck(before);
    await expect.poll(() => page.getByTestId('region').count()).toBe(0);
  });
});
