/**
 * End to end in Chromium: the Results view recomputes a study's benchmark figures, draws them, and exports tables and
 * figures. Independent tests: each `describe` has its own host seeded through `earshot import` with the studies it
 * reads, and every test opens a fresh page and the study it needs, so any test runs alone and in any order.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixture } from '../test-support/fixtures';
import { useChromium, useFreshPage, useSeededHost } from './support/spec-hooks';
import type { SeedImport } from './support/seeded-host';
import { MetricsPage } from './pages/metrics-page';
import { paperStudyLines } from '../test-support/tau-elicitation-paper';

const VERA_TRACKS = ['mathematical_reasoning', 'web', 'science', 'long_context', 'factual_recall'];
const VERA_ERRORS = [
  'COMPUTATION_ERROR',
  'UNSUPPORTED_FACT',
  'NO_FINAL_ANSWER',
  'MISUNDERSTANDING',
  'ENTITY_CONFUSION',
  'NOT_ATTEMPTED',
];

/** A generic study with every family: τ-Voice-style trials (pass^k), VERA grades with latency and categories, DSB-DG probes, A/B failure labels. */
function showcase(): unknown[] {
  const lines: unknown[] = [{ schema: 'earshot-study-v1', name: 'Results showcase', benchmark: 'generic' }];
  const ep = (id: string, rest: Record<string, unknown>) => lines.push({ schema: 'earshot-episode-v1', id, ...rest });
  ['gpt-realtime', 'cascade'].forEach((system, s) => {
    for (let task = 0; task < 12; task++)
      for (let trial = 0; trial < 4; trial++) {
        const reward = (task * 5 + trial * 3 + s * 4) % 10 < 4 + 3 * s ? 1 : 0;
        ep(`tau-${system}-${task}-${trial}`, {
          system,
          task: `retail_${task}`,
          trial,
          condition: { benchmark: 'tau-voice', domain: 'retail' },
          reward,
          outcome: reward ? 'pass' : 'fail',
        });
      }
  });
  ['gpt-realtime', 'gemini-live', 'gpt-4o-text'].forEach((system, s) => {
    VERA_TRACKS.forEach((track, t) => {
      for (let i = 0; i < 8; i++) {
        const correct = (i * 7 + s * 3 + t * 2) % 10 < [4, 3, 7][s] + (t % 2);
        const label = correct ? 'CORRECT' : (i + s) % 5 === 0 ? 'NOT_ATTEMPTED' : 'INCORRECT';
        const categories = correct
          ? []
          : [VERA_ERRORS[(i + t + s * 2) % VERA_ERRORS.length], ...(s === 0 && i % 2 ? ['UNSUPPORTED_FACT'] : [])];
        ep(`${track}-${i}@${system}`, {
          system,
          task: `${track}-${i}`,
          condition: { benchmark: 'vera', track },
          info: { latency_ms: [1400, 900, 350][s] + ((i * 37 + t * 53) % 400) },
          judgements: [{ judge_id: 'grader', label, categories: [...new Set(categories)] }],
        });
      }
    });
  });
  const wrong = ['intrinsic_hallucination', 'extrinsic_hallucination', 'false_confidence', 'correct_abstention'];
  const grounded = [
    [8, 7, 6, 4, 3],
    [7, 6, 6, 5, 5],
  ];
  ['realtime-doc-qa', 'cascade-rag'].forEach((system, s) => {
    ['T1', 'T2', 'T3', 'T4', 'T5'].forEach((tier, t) => {
      for (let i = 0; i < 9; i++) {
        const label = i < grounded[s][t] ? 'grounded' : wrong[(i + t) % wrong.length];
        const failed = label !== 'grounded' && label !== 'correct_abstention';
        ep(`dsb-${system}-${tier}-${i}`, {
          system,
          task: `${tier}-q${i}`,
          condition: {
            benchmark: 'dsb-dg',
            tier,
            domain: ['finance', 'policy', 'medical'][i % 3],
            protocol: i < 4 ? 'decay-17' : 'single-turn',
          },
          info: {
            answerable: label !== 'correct_abstention',
            probe_turn: 1 + i * 2,
            script: `${system}-${tier}-${i % 3}`, // three scripts a tier, so the intervals have width
            first_audio_ms: 600 + s * 350 + t * 90 + i * 20,
          },
          judgements: [{ judge_id: 'judge', label }],
          annotations: failed
            ? [
                { annotator: 'A', field: 'source', value: (i + s) % 3 === 0 ? 'user' : 'agent' },
                { annotator: 'A', field: 'type', value: ['hallucination', 'logical', 'transcription'][i % 3] },
                { annotator: 'B', field: 'source', value: (i + s) % 4 === 0 ? 'system' : 'agent' },
                { annotator: 'B', field: 'type', value: ['hallucination', 'logical', 'vad'][i % 3] },
              ]
            : [],
        });
      }
    });
  });
  return lines;
}

const ARCHIVE = 'τ-Elicitation archive';
const PAPER = 'τ-Elicitation paper inputs';
const SHOWCASE = 'Results showcase';

/** Writes `lines` as a JSONL file in `dir` and returns its path. */
function jsonl(dir: string, file: string, lines: unknown[]): string {
  const path = join(dir, file);
  writeFileSync(path, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  return path;
}

/** The studies a describe's host is seeded with through `earshot import`. */
const seeds = {
  archive: (): SeedImport => ({ path: fixture('tau-elicitation'), study: ARCHIVE }),
  paper: (dir: string): SeedImport => ({ path: jsonl(dir, 'tau-elicitation-paper.jsonl', paperStudyLines(PAPER)) }),
  showcase: (dir: string): SeedImport => ({ path: jsonl(dir, 'showcase.jsonl', showcase()) }),
};

const chromium = useChromium();
let page: Page;
let results: MetricsPage;

/** A host of its own for the enclosing `describe` with these imports (none of its tests writes: options live in the
 *  window), and a fresh page on it for each test with the studio open. */
function freshResults(imports: (work: string) => SeedImport[]): void {
  const host = useSeededHost({ seed: (work) => ({ imports: imports(work) }) });
  const freshPage = useFreshPage(chromium, { acceptDownloads: true });
  beforeEach(async () => {
    page = freshPage();
    results = new MetricsPage(page);
    await results.open(host().url);
  });
}

/** Shows `study` in Results and waits until its figures are computed. */
async function openResultsOf(study: string): Promise<void> {
  await results.selectStudy(study);
  await results.openResults(study);
}

describe('Results view on the τ-Elicitation archive', () => {
  freshResults(() => [seeds.archive()]);

  it('shows Pass@1 103/200 and Pass^3 27/200 for gemini_high, recomputed from the imported calls', async () => {
    await openResultsOf(ARCHIVE);
    await expect(
      results.cell('tau-elicitation-success', ['gemini_high', 'environment=regular'], 'success'),
    ).resolves.toBe('103/200');
    await expect(
      results.cell('tau-elicitation-success', ['gemini_high', 'environment=regular'], 'successRate'),
    ).resolves.toBe('0.515');
    await expect(
      results.cell('tau-elicitation-pass3-crossed', ['gemini_high', 'strategy=agent_directed'], 'passAll'),
    ).resolves.toBe('27/200');
    await results.waitForFigure('tau-elicitation-success');
    await expect(
      results.figure('tau-elicitation-success').locator('svg text', { hasText: 'gemini_high' }).count(),
    ).resolves.toBeGreaterThan(0);
    await results.screenshot('results-tau-elicitation');
  });

  it('shows sections as they arrive, and Cancel stops the rest (screenshots loading and done, 1440×900 and 1280×720)', async () => {
    await openResultsOf(ARCHIVE);
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ]) {
      await page.setViewportSize({ width, height });
      await results.recompute();
      const line = await results.waitForPartial('labels', 'τ-Elicitation', 'tau-elicitation-success');
      expect(line).toMatch(/^Computed [1-9]\d* of \d+ sections; computing .*τ-Elicitation/);
      await results.screenshot(`results-loading-${width}x${height}`);
      await results.page.locator('[data-testid="metrics-view"][data-loading="false"]').waitFor({ timeout: 60_000 });
      await expect(
        results.cell('tau-elicitation-success', ['gemini_high', 'environment=regular'], 'success'),
      ).resolves.toBe('103/200');
      await results.screenshot(`results-done-${width}x${height}`);
    }
    await results.recompute();
    await results.waitForPartial('labels', 'τ-Elicitation', 'tau-elicitation-success');
    await expect(results.cancel()).resolves.toMatch(/^Cancelled after \d+ of \d+ sections/);
    expect(await results.table('tau-elicitation-success').count()).toBe(0);
    await expect(results.page.getByTestId('section-labels').count()).resolves.toBe(1);
    await results.recompute();
    await results.page.locator('[data-testid="metrics-view"][data-loading="false"]').waitFor({ timeout: 60_000 });
    await expect(
      results.cell('tau-elicitation-success', ['gemini_high', 'environment=regular'], 'success'),
    ).resolves.toBe('103/200');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 180_000); // four computations of the whole archive: the first, two to screenshot, one to cancel

  it('exports the success table as CSV with raw values and as Markdown', async () => {
    await openResultsOf(ARCHIVE);
    const csv = await results.download('export-csv-tau-elicitation-success');
    // The study's τ stays in the file name.
    expect(csv.name).toBe('τ-elicitation-archive_tau-elicitation-success.csv');
    const lines = csv.content.toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('system,condition,episodes,unscored,success,successRate,successLow,successHigh');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^gemini_high,"environment=regular, strategy=agent_directed",200,0,103\/200,0\.515,0\.\d+,0\.\d+$/,
      ),
    );
    const md = (await results.download('export-md-tau-elicitation-success')).content.toString('utf8');
    expect(md).toContain('| gemini_high | environment=regular, strategy=agent_directed | 200 | 0 | 103/200 | 0.515 |');
  });

  it('shows both raters’ failure sources and the judge categories', async () => {
    await openResultsOf(ARCHIVE);
    await results.waitForFigure('failure-sources');
    await results.waitForFigure('category-deviation-tau-elicitation');
    await expect(results.cell('failure-labels', ['resolved', 'no_error'], 'count')).resolves.toBe('66');
    await results.scrollTo('labels');
    await results.screenshot('results-tau-elicitation-labels');
  });
});

describe('τ-Elicitation analyses and study hygiene in the Results view', () => {
  const FIGURES = [
    'tau-elicitation-strategy-results',
    'tau-elicitation-adaptivity-effort',
    'tau-elicitation-realism-effects',
  ];
  freshResults((work) => [seeds.archive(), seeds.paper(work)]);

  it('keeps the examples and validation calls apart, greys cells below the minimum, draws Figures 2–4', async () => {
    await openResultsOf(ARCHIVE);
    await expect(results.cell('tau-elicitation-subsets', ['validation'], 'success')).resolves.toBe('70/100');
    await expect(
      results.table('tau-elicitation-success').locator('tbody tr', { hasText: '(no system)' }).count(),
    ).resolves.toBe(0);
    const partial = results.table('tau-elicitation-realism').locator('tbody tr', { hasText: 'partial answer' });
    await expect(partial.getAttribute('class')).resolves.toBe('below-minimum');
    await expect(partial.locator('td[data-key="p"]').textContent()).resolves.toBe('–');
    await expect(
      results.cell('tau-elicitation-voice', ['environment=regular', 'wei_lin'], 'successRate'),
    ).resolves.toBe('0.686');
    await expect(
      results.cell('tau-elicitation-voice', ['environment=regular', 'priya_patil'], 'successRate'),
    ).resolves.toBe('0.409');
    for (const id of FIGURES) await results.waitForFigure(id);
    await expect(
      results.figure('tau-elicitation-realism-effects').locator('svg text', { hasText: 'spelling variation' }).count(),
    ).resolves.toBe(1);
    for (const id of FIGURES) await results.screenshot(`results-figure-${id}-archive`, results.figure(id));
  });

  it('Figure 2 and the strategy table on the paper’s inputs, at 1440×900 and 1280×720', async () => {
    await openResultsOf(PAPER);
    await expect(results.cell('tau-elicitation-strategy', ['gemini_high', 'regular'], 'difference')).resolves.toBe(
      '0.280',
    );
    await expect(results.cell('tau-elicitation-strategy', ['gpt_xhigh', 'regular'], 'seconds')).resolves.toBe('27.982');
    await expect(results.cell('tau-elicitation-strategy-pass3', ['grok'], 'difference')).resolves.toBe('0.135');
    await results.waitForFigure('tau-elicitation-strategy-results');
    const bars = results.figure('tau-elicitation-strategy-results').locator('svg [aria-label="bar"] rect');
    await expect(bars.count()).resolves.toBe(16);
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ]) {
      await page.setViewportSize({ width, height });
      await results.waitForFigure('tau-elicitation-strategy-results');
      await results.figure('tau-elicitation-strategy-results').scrollIntoViewIfNeeded();
      const shot = await results.screenshot(`results-tau-elicitation-strategy-${width}x${height}`);
      expect(readFileSync(shot).readUInt32BE(16)).toBe(width);
      await results.screenshot(
        `results-figure-strategy-results-${width}x${height}`,
        results.figure('tau-elicitation-strategy-results'),
      );
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('exports Figure 4 as SVG with its rows', async () => {
    await openResultsOf(ARCHIVE);
    await results.waitForFigure('tau-elicitation-realism-effects');
    const svg = (await results.download('export-svg-tau-elicitation-realism-effects')).content.toString('utf8');
    expect(svg).toContain('Caller-realism effects on exact success');
    expect(svg).toContain('mispronunciation');
  });
});

describe('Results view on a study with every family', () => {
  freshResults((work) => [seeds.showcase(work)]);

  it('draws every plot, in both themes', async () => {
    await openResultsOf(SHOWCASE);
    const figures = [
      'tau-voice-success',
      'tau-voice-pass-hat-k',
      'vera-tracks',
      'vera-latency',
      'dsb-dg-tiers',
      'failure-sources',
      'failure-subtypes',
      'category-deviation-vera',
    ];
    for (const id of figures) await results.waitForFigure(id);
    await expect(results.figure('tau-voice-pass-hat-k').locator('svg [aria-label="line"] path').count()).resolves.toBe(
      2,
    );
    await expect(results.table('vera-voice-text-gap').locator('tbody tr').count()).resolves.toBe(2);
    for (const id of figures) await results.screenshot(`results-figure-${id}`, results.figure(id));
    // the gap tables grey the 8-pair cells and give them no test; every grounding rate has its interval
    await results.screenshot('results-table-vera-gap-tracks', results.table('vera-gap-tracks'));
    await results.screenshot('results-table-dsb-dg-grounding', results.table('dsb-dg-grounding'));
    await results.screenshot('results-table-dsb-dg-tier', results.table('dsb-dg-tier'));
    // FTED p50, mean and p95 with their intervals, per system and per tier, the tables fitting the window
    const tierHead = await results.table('dsb-dg-latency-tier').locator('thead th').allTextContents();
    expect(tierHead.filter((h) => h === 'low')).toHaveLength(3);
    expect(tierHead).toEqual(expect.arrayContaining(['FTED p50', 'FTED mean', 'FTED p95']));
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ]) {
      await page.setViewportSize({ width, height });
      for (const id of ['dsb-dg-latency', 'dsb-dg-latency-tier']) {
        await results.table(id).scrollIntoViewIfNeeded();
        await results.screenshot(`results-table-${id}-${width}x${height}`, results.table(id));
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await results.scrollTo(null);
    await results.screenshot('results-showcase-top');
    const before = await results.figure('vera-tracks').locator('svg rect').first().getAttribute('fill');
    await results.press('t');
    await expect
      .poll(() => results.figure('vera-tracks').locator('svg rect').first().getAttribute('fill'))
      .not.toBe(before);
    await results.scrollTo('vera');
    await results.screenshot('results-showcase-vera-other-theme');
    await results.screenshot(
      'results-figure-category-deviation-other-theme',
      results.figure('category-deviation-vera'),
    );
    await results.press('t');
  });

  it('exports a figure as SVG and as PNG', async () => {
    await openResultsOf(SHOWCASE);
    const svg = await results.download('export-svg-vera-tracks');
    expect(svg.name).toBe('results-showcase_vera-tracks.svg');
    const text = svg.content.toString('utf8');
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain('VERA accuracy per track');
    expect(text).not.toContain('var(--');
    const png = await results.download('export-png-vera-tracks');
    expect(png.name).toBe('results-showcase_vera-tracks.png');
    expect(png.content.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.content.readUInt32BE(16)).toBeGreaterThan(1000);
  });

  it('recomputes when an option changes: NOT_ATTEMPTED left out raises accuracy', async () => {
    await openResultsOf(SHOWCASE);
    const before = Number(await results.cell('vera-accuracy', ['gpt-realtime'], 'microRate'));
    await page.getByTestId('option-not-attempted').selectOption('exclude');
    // The figures are recomputed on the main side: wait for the new ones, however long a loaded machine takes.
    const after = () => results.cell('vera-accuracy', ['gpt-realtime'], 'microRate').then(Number);
    await expect.poll(after, { timeout: 30_000 }).toBeGreaterThan(before);
  });
});
