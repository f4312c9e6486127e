/** End to end in Chromium: the Results view shows the transcription WER per system and the DSB-DG figures per run with their median. */
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

/** Word errors as the runner stores them: `s` substitutions of `n` reference words. */
const errors = (n: number, s: number) => ({
  referenceWords: n,
  hits: n - s,
  substitutions: s,
  deletions: 0,
  insertions: 0,
  wer: s / n,
});

/** A DSB-DG study of two systems, three runs of four questions each, every reply transcribed before judging. */
function study(): unknown[] {
  const lines: unknown[] = [{ schema: 'earshot-study-v1', name: 'Transcribed DSB-DG runs', benchmark: 'generic' }];
  const grounded = [
    [4, 3, 2],
    [2, 2, 1],
  ];
  ['gpt-realtime', 'cascade-whisper'].forEach((system, s) => {
    for (let trial = 0; trial < 3; trial++) {
      for (let q = 0; q < 4; q++) {
        const transcript = {
          turnIndex: 1,
          vendor: 'v',
          transcript: 't',
          model: 'whisper-1',
          wer: errors(10, s === 0 ? q % 2 : 0),
        };
        lines.push({
          schema: 'earshot-episode-v1',
          id: `q${q}@${system}#${trial}`,
          system,
          task: `q${q}`,
          trial,
          condition: { benchmark: 'dsb-dg', tier: 'T3' },
          info: { answerable: true, agentTranscripts: [transcript] },
          judgements: [{ judge_id: 'judge', label: q < grounded[s][trial] ? 'grounded' : 'intrinsic_hallucination' }],
        });
      }
    }
  });
  return lines;
}

let host: TestHost;
let dir: string;
let browser: Browser;
let page: Page;
let results: MetricsPage;

beforeAll(async () => {
  host = await startHost();
  dir = mkdtempSync(join(tmpdir(), 'earshot-e2e-wer-'));
  const path = join(dir, 'study.jsonl');
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
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  results = new MetricsPage(page);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Results view: transcription before judging and DSB-DG runs', () => {
  it('shows the pooled WER per system: 6/120 for gpt-realtime, 0 for the cascade', async () => {
    await results.open(host.url);
    await results.selectStudy('Transcribed DSB-DG runs');
    await results.openResults('Transcribed DSB-DG runs');
    await expect(page.getByTestId('section-transcription').locator('h2').textContent()).resolves.toBe(
      'Transcription before judging',
    );
    await expect(results.cell('transcription-wer', ['gpt-realtime'], 'replies')).resolves.toBe('12');
    await expect(results.cell('transcription-wer', ['gpt-realtime'], 'substitutions')).resolves.toBe('6');
    await expect(results.cell('transcription-wer', ['gpt-realtime'], 'wer')).resolves.toBe('0.050');
    await expect(results.cell('transcription-wer', ['cascade-whisper'], 'wer')).resolves.toBe('0.000');
    await results.screenshot('results-transcription-1440', page.getByTestId('section-transcription'));
  });

  it('shows accuracy run by run and the median of three: 1, 0.75, 0.5 → 0.75', async () => {
    const rows = await results.rows('dsb-dg-runs');
    expect(rows.filter((r) => r.system === 'gpt-realtime').map((r) => [r.run, r.accuracy])).toEqual([
      ['0', '1.000'],
      ['1', '0.750'],
      ['2', '0.500'],
      ['median', '0.750'],
    ]);
    expect(rows.find((r) => r.system === 'cascade-whisper' && r.run === 'median')!.accuracy).toBe('0.500');
    await results.screenshot('results-dsb-dg-runs-1440', results.table('dsb-dg-runs'));
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByTestId('section-transcription').scrollIntoViewIfNeeded();
    await results.screenshot('results-transcription-1280');
    await results.table('dsb-dg-runs').scrollIntoViewIfNeeded();
    await results.screenshot('results-dsb-dg-runs-1280');
  });
});
