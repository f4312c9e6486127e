/**
 * Issue 5: every agreement statistic with a 10,000-resample bootstrap over 1,000 items and 2 raters, vs one pass without
 * bootstrap; issue 16: every coefficient for 10,000 items × 5 raters (agreement-many-raters.ts).
 */
import { performance } from 'node:perf_hooks';
import { agreementReport, bootstrapInWorker, type AgreementOptions, type RatingsTable } from '../main/stats/agreement/index';
import { fmtMs, median, peakRssBytes, prng } from './lib/measure';
import type { BenchResult } from './lib/result';
import { manyRaters } from './agreement-many-raters';

const ITEMS = 1000;
const RESAMPLES = 10_000;

/**
 * Two raters over `ITEMS` items who agree about 80% of the time, with 3% missing labels each; `labels` are drawn with
 * skewed shares (as failure labels are).
 */
function ratings(labels: readonly string[], seed: number): RatingsTable {
  const rand = prng(seed);
  const draw = () => labels[Math.min(labels.length - 1, Math.floor(Math.pow(rand(), 1.6) * labels.length))];
  const items: string[] = [];
  const rows: (string | null)[][] = [];
  for (let i = 0; i < ITEMS; i++) {
    const a = draw();
    const b = rand() < 0.8 ? a : draw();
    items.push(`ep-${i}`);
    rows.push([rand() < 0.03 ? null : a, rand() < 0.03 ? null : b]);
  }
  return { items, raters: ['A', 'B'], labels: rows };
}

/**
 * A multi-label field coded as the studio codes it for the categorical report (each distinct label set one category,
 * its sorted members joined by "+"): 1,500 calls, 10 tags, each call's true tags (12% each) kept by a rater with
 * probability 0.8, another tag added with probability 0.027, 5% missing: about 220 distinct sets with 2 raters.
 */
function labelSets(raters: number, seed: number): RatingsTable {
  const rand = prng(seed);
  const tags = Array.from({ length: 10 }, (_, i) => `tag_${i}`);
  const rows = Array.from({ length: 1500 }, () => {
    const truth = tags.filter(() => rand() < 0.12);
    return Array.from({ length: raters }, () => {
      if (rand() < 0.05) return null;
      const set = tags.filter((t) => (truth.includes(t) ? rand() < 0.8 : rand() < 0.027));
      return set.length === 0 ? '(none)' : set.join('+');
    });
  });
  return { items: rows.map((_, i) => `call-${i}`), raters: rows[0].map((_, r) => `r${r}`), labels: rows };
}

function timed(table: RatingsTable, options: AgreementOptions, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    agreementReport(table, options);
    out.push(performance.now() - t0);
  }
  return out;
}

/** Runs the agreement benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const severity = ratings(['1', '2', '3', '4', '5'], 11);
  const source = ratings(['agent', 'user', 'system', 'no_error'], 12);
  const ordinal: AgreementOptions = { level: 'ordinal', resamples: RESAMPLES, seed: 1 };
  timed(severity, ordinal, 1); // JIT warm-up
  const full = timed(severity, ordinal, 5);
  const once = timed(severity, { ...ordinal, resamples: 0 }, 25);
  const nominal = timed(source, { level: 'nominal', resamples: RESAMPLES, seed: 1 }, 3);
  const interval = timed(severity, { level: 'interval', resamples: RESAMPLES, seed: 1 }, 3);
  const sets = [2, 4].map((raters) => {
    const table = labelSets(raters, 13);
    const ms = timed(table, { level: 'nominal', resamples: RESAMPLES, seed: 1 }, 1)[0];
    return `${raters} raters, ${agreementReport(table, { resamples: 0 }).categories.length} sets: ${fmtMs(ms)}`;
  });
  const w0 = performance.now();
  const viaWorker = await bootstrapInWorker(severity, ordinal);
  const workerMs = performance.now() - w0;
  const report = agreementReport(severity, ordinal);
  const stats = Object.entries(report.statistics).filter(([, v]) => v !== null);
  const figure = median(full);
  const baseline = median(once);
  if (JSON.stringify(viaWorker.statistics) !== JSON.stringify(report.statistics)) throw new Error('worker and in-process reports differ');
  const many = manyRaters();
  return {
    name: 'agreement',
    rows: [
      {
        issue: 5,
        name: `agreement, ${RESAMPLES.toLocaleString('en')} bootstraps, ${ITEMS.toLocaleString('en')} items × 2 raters`,
        figure: fmtMs(figure),
        baseline: `${fmtMs(baseline)} one pass`,
        ratio: figure / baseline,
        target: '< 1 s absolute',
        pass: figure < 1000,
      },
      many.row,
    ],
    details: [
      `statistics (ordinal, 5 categories): ${stats.map(([k]) => k).join(', ')} — ${stats.length} with ${RESAMPLES} resamples each, plus the confusion matrix`,
      `agreementReport ordinal, 5 runs: ${full.map(fmtMs).join(', ')}; the same without bootstrap (resamples 0), median of 25: ${fmtMs(baseline)}`,
      `nominal (4 categories, 5 statistics): ${nominal.map(fmtMs).join(', ')}; interval: ${interval.map(fmtMs).join(', ')}`,
      `label sets as categories (1,500 calls, nominal, ${RESAMPLES} resamples): ${sets.join('; ')}`,
      `in a worker thread as the app runs it (bootstrapInWorker, worker start included): ${fmtMs(workerMs)}; same numbers as in-process`,
      ...many.details,
    ],
    wallMs: performance.now() - wall0,
    peakRssBytes: peakRssBytes(),
  };
}
