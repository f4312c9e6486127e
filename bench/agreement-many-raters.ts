/**
 * Issue 16: every agreement coefficient with analytic SEs and a 10,000-resample bootstrap for 10,000 items × 5 raters
 * × 6 categories, against the one-stage pattern bootstrap the report used before, measured in the same run.
 */
import { performance } from 'node:perf_hooks';
import {
  agreementReport,
  bootstrapIntervals,
  codeRatings,
  ratingPatterns,
  type RatingsTable,
} from '../main/stats/agreement/index';
import { fleissKappaEstimator } from '../main/stats/agreement/fleiss-kappa';
import { gwetAc1Estimator } from '../main/stats/agreement/gwet-ac1';
import { krippendorffAlphaEstimator } from '../main/stats/agreement/krippendorff-alpha';
import { drawMultinomialResample, multinomialPlan } from '../main/stats/agreement/multinomial';
import { percentAgreementEstimator } from '../main/stats/agreement/percent-agreement';
import { ratingProfiles } from '../main/stats/agreement/profiles';
import { reportPlan } from '../main/stats/agreement/report-coefficients';
import { fmtMs, median, prng } from './lib/measure';
import type { BenchRow } from './lib/result';

const ITEMS = 10_000;
const RATERS = 5;
const CATEGORIES = ['1', '2', '3', '4', '5', '6'];
const RESAMPLES = 10_000;

/** Each item has a true category (skewed shares); each rater gives it with probability 0.7, else any, 3% missing. */
function ratings(seed: number): RatingsTable {
  const rand = prng(seed);
  const draw = () => CATEGORIES[Math.min(5, Math.floor(Math.pow(rand(), 1.6) * 6))];
  const labels: (string | null)[][] = [];
  for (let i = 0; i < ITEMS; i++) {
    const truth = draw();
    labels.push(Array.from({ length: RATERS }, () => (rand() < 0.03 ? null : rand() < 0.7 ? truth : draw())));
  }
  return { items: labels.map((_, i) => `u${i}`), raters: ['A', 'B', 'C', 'D', 'E'], labels };
}

/** The same coefficients bootstrapped the one-stage way: a multinomial over every rating pattern per resample. */
function oneStage(table: RatingsTable): void {
  const coded = codeRatings(table);
  const patterns = ratingPatterns(coded);
  const plan = reportPlan(coded, 'ordinal');
  const evaluators = plan.exchangeable.map((set) => set.build(patterns));
  const out = new Float64Array(16);
  const weights = new Float64Array(patterns.counts.length);
  const multinomial = multinomialPlan(patterns.counts);
  let state = 1;
  for (let b = 0; b < RESAMPLES; b++) {
    state = drawMultinomialResample(state, multinomial, weights);
    for (const evaluate of evaluators) evaluate(weights, out);
  }
}

/** Wall and CPU milliseconds of one call. */
function timedOnce(fn: () => unknown): { wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

/** The row and the details of the many-raters benchmark. */
export function manyRaters(): { row: BenchRow; details: string[] } {
  const table = ratings(16);
  const coded = codeRatings(table);
  const patterns = ratingPatterns(coded);
  const profiles = ratingProfiles(patterns).profiles.counts.length;
  const options = { level: 'ordinal' as const, resamples: RESAMPLES, seed: 1 };
  timedOnce(() => agreementReport(table, options)); // JIT warm-up
  // Interleaved, so that the figure and its baseline see the same load of the shared machine.
  const report: { wall: number; cpu: number }[] = [];
  const stage: { wall: number; cpu: number }[] = [];
  for (let run = 0; run < 3; run++) {
    report.push(timedOnce(() => agreementReport(table, options)));
    stage.push(timedOnce(() => oneStage(table)));
  }
  const analyticOnly = [0, 1, 2].map(() => timedOnce(() => agreementReport(table, { ...options, resamples: 0 })));
  const old = timedOnce(() =>
    bootstrapIntervals(
      patterns,
      {
        percentAgreement: percentAgreementEstimator(patterns),
        fleissKappa: fleissKappaEstimator(patterns),
        gwetAc1: gwetAc1Estimator(patterns),
        krippendorffAlpha: krippendorffAlphaEstimator(patterns, 'ordinal', coded.categories),
      },
      { resamples: RESAMPLES, seed: 1 },
    ),
  );
  const c = agreementReport(table, { ...options, resamples: 0 }).coefficients;
  const count = 6 + c.perCategory.length + 6; // main six, per-category, weighted five + AC2
  const figure = median(report.map((t) => t.wall));
  const baseline = median(stage.map((t) => t.wall));
  const show = (ts: { wall: number; cpu: number }[]) =>
    ts.map((t) => `${fmtMs(t.wall)} (CPU ${fmtMs(t.cpu)})`).join(', ');
  return {
    row: {
      issue: 16,
      name: `every coefficient + SE, ${RESAMPLES.toLocaleString('en')} bootstraps, 10,000 items × 5 raters × 6 categories`,
      figure: fmtMs(figure),
      baseline: `${fmtMs(baseline)} one-stage draw`,
      ratio: figure / baseline,
      target: '< 0.5 s absolute',
      pass: figure < 500,
    },
    details: [
      `many raters: ${patterns.counts.length} rating patterns, ${profiles} profiles; ${count} coefficients with analytic SE, ` +
        `t interval, p and benchmarks, all but Conger's κ (analytic only with 5 raters) bootstrapped`,
      `agreementReport ordinal, 3 runs: ${show(report)}; without bootstrap (coding, patterns, analytic inference): ` +
        show(analyticOnly),
      `the same exchangeable coefficients bootstrapped by the one-stage draw over patterns (the report's draw before), ` +
        `run after each report: ${show(stage)} (bootstrap only); the previous report's four statistics that way: ` +
        show([old]),
    ],
  };
}
