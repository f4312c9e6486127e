/**
 * Issue 20: judge-corrected figures (PPI++) for 100,000 judged calls with 2,000 human labels — every system, system and
 * condition, and category, with intervals and pairwise differences — against the plain judge-only shares of the
 * same calls.
 */
import { performance } from 'node:perf_hooks';
import { correctedFigures, type CorrectedCall } from '../main/metrics/corrected-figures';
import { fmtMs, median, peakRssBytes, prng } from './lib/measure';
import type { BenchResult } from './lib/result';

const CALLS = 100_000;
const LABELLED = 2_000;
const SYSTEMS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
const TRACKS = ['math', 'web', 'science', 'long-context', 'factual'];
const CATEGORIES = ['CORRECT', 'INCORRECT', 'NOT_ATTEMPTED'];

/** Calls whose judge copies the (hidden) human grade 85% of the time, else draws its own; a random 2,000 carry the human grade. */
function studyCalls(seed: number): CorrectedCall[] {
  const rand = prng(seed);
  const labelled = new Set<number>();
  while (labelled.size < LABELLED) labelled.add(Math.floor(rand() * CALLS));
  const draw = () => CATEGORIES[rand() < 0.6 ? 0 : rand() < 0.8 ? 1 : 2];
  return Array.from({ length: CALLS }, (_, i): CorrectedCall => {
    const truth = draw();
    return {
      system: SYSTEMS[i % SYSTEMS.length],
      condition: { track: TRACKS[Math.floor(i / SYSTEMS.length) % TRACKS.length] },
      judge: rand() < 0.85 ? truth : draw(),
      human: labelled.has(i) ? truth : null,
      disputed: false,
      stratum: '',
    };
  });
}

/** The baseline: each system's and each system and track's judge-only share of every category, counted plainly. */
function judgeShares(calls: readonly CorrectedCall[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const c of calls) {
    add(c.system);
    add(`${c.system}|${c.condition.track}`);
    add(`${c.system}|${c.judge}`);
    add(`${c.system}|${c.condition.track}|${c.judge}`);
  }
  return counts;
}

function timed(fn: () => unknown, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** Runs the PPI benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const calls = studyCalls(20);
  const corrected = () => correctedFigures(calls, CATEGORIES, 0.95);
  timed(corrected, 1); // JIT warm-up
  timed(() => judgeShares(calls), 1);
  const full = timed(corrected, 7);
  const plain = timed(() => judgeShares(calls), 7);
  const figures = corrected();
  const cells = figures.reduce((n, f) => n + f.cells.length, 0);
  const differences = figures.reduce((n, f) => n + f.differences.length, 0);
  const sample = figures[0].cells[0];
  const figure = median(full);
  const baseline = median(plain);
  return {
    name: 'ppi',
    rows: [
      {
        issue: 20,
        name: `judge-corrected figures, ${CALLS.toLocaleString('en')} calls, ${LABELLED.toLocaleString('en')} labelled`,
        figure: fmtMs(figure),
        baseline: `${fmtMs(baseline)} judge-only counts`,
        ratio: figure / baseline,
        target: '< 0.5 s absolute',
        pass: figure < 500,
      },
    ],
    details: [
      `${SYSTEMS.length} systems × ${TRACKS.length} tracks × ${CATEGORIES.length} categories: ${cells} cells (judge-only, ` +
        `human-only and PPI++ with 95% intervals) and ${differences} pairwise differences`,
      `correctedFigures, 7 runs after a warm-up: ${full.map(fmtMs).join(', ')}; plain judge-only counts: ${plain.map(fmtMs).join(', ')}`,
      `e.g. ${sample.system} ${figures[0].outcome}: judge ${sample.judgeOnly.estimate?.toFixed(4)}, humans ` +
        `${sample.humanOnly.estimate?.toFixed(4)} (n = ${sample.labelled}), PPI++ ${sample.corrected.estimate?.toFixed(4)} ` +
        `[${sample.corrected.low?.toFixed(4)}, ${sample.corrected.high?.toFixed(4)}], λ = ${sample.lambda?.toFixed(3)}`,
    ],
    wallMs: performance.now() - wall0,
    peakRssBytes: peakRssBytes(),
  };
}
