/** End to end in Chromium: the Results view shows the judge-corrected figures beside the judge's, with a legend. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../test-support/fixtures';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { MetricsPage } from './pages/metrics-page';

/** A number in [0, 1) from a call's indices (Knuth's multiplicative hash), so the study looks drawn at random. */
const hash = (...keys: number[]) => (keys.reduce((h, k) => Math.imul(h ^ k, 2654435761) >>> 0, 7) % 10_000) / 10_000;

/**
 * A VERA study of 2 systems × 2 tracks × 50 calls graded by a lenient grader (it passes every correct answer and
 * one wrong answer in three); two annotators grade a random fifth of the calls alike, except one call they dispute.
 */
function study(): unknown[] {
  const lines: unknown[] = [{ schema: 'earshot-study-v1', name: 'Corrected VERA', benchmark: 'vera' }];
  ['gpt-realtime', 'cascade'].forEach((system, s) => {
    ['math', 'web'].forEach((track, t) => {
      for (let i = 0; i < 50; i++) {
        const correct = hash(s, t, i, 1) < 0.7 - 0.25 * s;
        const grade = correct || hash(s, t, i, 2) < 1 / 3 ? 'CORRECT' : 'INCORRECT';
        const human = correct ? 'CORRECT' : 'INCORRECT';
        const labelled = i < 10;
        const disputed = i === 0 && t === 0;
        lines.push({
          schema: 'earshot-episode-v1',
          id: `${system}-${track}-${i}`,
          system,
          task: `${track}-${i}`,
          condition: { track },
          judgements: [{ judge_id: 'grader', label: grade }],
          annotations: labelled
            ? [
                { annotator: 'A', field: 'grade', value: human },
                { annotator: 'B', field: 'grade', value: disputed ? (correct ? 'INCORRECT' : 'CORRECT') : human },
              ]
            : [],
        });
      }
    });
  });
  return lines;
}

let host: TestHost;
let browser: Browser;
let page: Page;
let results: MetricsPage;
let dir: string;

beforeAll(async () => {
  host = await startHost();
  dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-corrected-'));
  const path = join(dir, 'corrected.jsonl');
  writeFileSync(
    path,
    study()
      .map((l) => JSON.stringify(l))
      .join('\n') + '\n',
  );
  const args = [join(repoRoot, 'bin', 'earshot.mjs'), 'import', path, '--db', host.dbPath, '--json'];
  const res = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, EARSHOT_HOME: host.home },
  });
  if (res.status !== 0) throw new Error(`import failed: ${res.stderr}`);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  results = new MetricsPage(page);
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Results view: judge-corrected figures', () => {
  it('shows the judge-only, human-only and corrected accuracy of each system with intervals and a legend', async () => {
    await results.open(host.url);
    await results.selectStudy('Corrected VERA');
    await results.openResults('Corrected VERA');
    const section = page.getByTestId('section-judge-corrected');
    await section.waitFor();
    const legend = page.getByTestId('corrected-legend');
    await expect(legend.textContent()).resolves.toMatch(/judge only.*humans only.*corrected \(PPI\+\+\)/);
    await expect(legend.textContent()).resolves.toContain('simple random sample of each cell');
    const table = page.getByTestId('corrected-grade:correct');
    const row = table.locator('tbody tr[data-system="gpt-realtime"][data-condition="all"]');
    // 100 calls, 20 labelled (the first 10 of each track: the calls are in random order), one disputed.
    await expect(row.locator('td').nth(2).textContent()).resolves.toBe('100');
    await expect(row.locator('td').nth(3).textContent()).resolves.toBe('19');
    await expect(row.locator('td').nth(4).textContent()).resolves.toBe('1');
    const judge = Number((await row.locator('td[data-key="judgeOnly"]').textContent())!.split(' ')[0]);
    const corrected = (await row.locator('td[data-key="corrected"]').textContent())!;
    expect(corrected).toMatch(/^0\.\d{3} \[0\.\d{3}, 0\.\d{3}\]$/);
    // The lenient grader's accuracy is above the corrected one.
    expect(judge).toBeGreaterThan(Number(corrected.split(' ')[0]));
    await expect(row.locator('svg.corrected-strip g').count()).resolves.toBe(3);
    await expect(table.locator('.corrected-differences tbody tr').count()).resolves.toBe(1);
    const csv = await results.download('export-csv-judge-corrected-grade:correct');
    const header = csv.content.toString('utf8').split('\r\n')[0];
    expect(header).toBe(
      'system,condition,calls,labelled,disputed,judge,judgeLow,judgeHigh,human,humanLow,humanHigh,' +
        'corrected,correctedLow,correctedHigh,lambda',
    );
    await results.scrollTo('judge-corrected');
    await results.screenshot('results-judge-corrected');
    await results.screenshot('results-judge-corrected-table', table);
  });

  it('Setup draws a queue stratified by judge label with Neyman allocation, plans labels, and Results follow it', async () => {
    await page.getByTestId('tab-setup').click();
    await page.getByTestId('queue-name').fill('neyman pass');
    await page.getByTestId('queue-size').fill('24');
    await page.getByLabel('failed calls only').uncheck();
    await page.getByTestId('queue-stratify').selectOption('judge');
    await page.getByTestId('queue-allocation').selectOption('neyman');
    await page.getByTestId('queue-mapping').selectOption('grade:correct');
    await page.locator('[data-testid="queue-assignee"][data-name="A"]').check();
    await page.getByTestId('queue-create').click();
    await page.getByTestId('queue-message').filter({ hasText: 'drew 24 calls' }).waitFor();
    // the message comes before the queue list is read again: wait for the list
    await expect.poll(() => page.getByTestId('queue-list').textContent()).toContain('by judge label, Neyman');
    await page.getByTestId('budget-figure').selectOption('grade:correct');
    await page.getByTestId('budget-width').fill('0.3');
    await page.getByTestId('budget-plan').click();
    const row = page.locator('[data-testid="budget-table"] tbody tr[data-system="gpt-realtime"]');
    await row.waitFor();
    await expect(row.locator('td').nth(2).textContent()).resolves.toBe('19');
    await expect(row.locator('td[data-design="simple random, PPI++"]').textContent()).resolves.toMatch(/^\d+$/);
    await results.screenshot('setup-label-budget', page.getByTestId('setup-queues'));
    await results.openResults('Corrected VERA');
    // A new queue is not a change of the study's data: Recompute picks up its design.
    await page.getByTestId('metrics-reload').click();
    await expect
      .poll(() => page.getByTestId('corrected-legend').textContent(), { timeout: 20_000 })
      .toContain('stratified by judge label (queue "neyman pass", neyman allocation)');
    const cell = page.locator(
      '[data-testid="corrected-grade:correct"] tbody tr[data-system="gpt-realtime"][data-condition="all"]',
    );
    await expect.poll(() => cell.locator('td').nth(8).textContent()).toBe('2 strata');
  });
});
