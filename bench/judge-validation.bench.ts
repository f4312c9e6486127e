/**
 * Issue 12: the Agreement view's computation with the judge section, for a study of 10,000 labelled calls by two
 * annotators and one judge (VERA grades: a categorical and a binary mapping), as the studio answers agreement.compute;
 * the baseline is the same call without bootstrap (resamples 0), measured in the same run on the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServices } from '../main/services/services';
import { writeBatch } from '../main/importers/write-batch';
import type { BatchEpisode } from '../main/importers/batch';
import { computeStudyAgreement } from '../main/annotation/agreement';
import { computeJudgeValidation } from '../main/annotation/judge-validation';
import { fmtMs, median, peakRssBytes, pick, prng } from './lib/measure';
import type { BenchResult } from './lib/result';

const ITEMS = 10_000;
const GRADES = ['CORRECT', 'INCORRECT', 'NOT_ATTEMPTED'];

/** Calls graded by a judge and two annotators who agree with the truth about 85% of the time. */
function episodes(): BatchEpisode[] {
  const rand = prng(12);
  const noisy = (truth: string, p: number) => (rand() < p ? truth : pick(rand, GRADES));
  return Array.from({ length: ITEMS }, (_, i) => {
    const truth = rand() < 0.6 ? 'CORRECT' : pick(rand, GRADES);
    return {
      externalId: `call-${i}`,
      system: `system-${i % 4}`,
      task: `task-${i % 500}`,
      trial: 0,
      condition: { track: ['math', 'web', 'science'][i % 3] },
      outcome: null,
      reward: null,
      durationMs: null,
      info: {},
      turns: [],
      audio: [],
      judgements: [{ judgeId: 'grader', label: noisy(truth, 0.8) }],
      annotations: [
        { annotator: 'bench-A', field: 'grade', value: noisy(truth, 0.85) },
        { annotator: 'bench-B', field: 'grade', value: noisy(truth, 0.85) },
      ],
    };
  });
}

/** Runs the judge-validation benchmark. */
export async function run(): Promise<BenchResult> {
  const wall0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'earshot-bench-judge-'));
  const s = await createServices(join(dir, 'bench.db'));
  try {
    const batch = {
      format: 'generic',
      benchmark: 'vera' as const,
      studyName: 'judge bench',
      studyInfo: {},
      source: 'bench',
      skipped: 0,
      warnings: [],
    };
    const { study } = await writeBatch(s.db, { ...batch, episodes: episodes() }, { now: new Date() });
    const request = { studyId: study.id, field: 'grade', seed: 1 };
    const timeIt = async (resamples: number, runs: number) => {
      const out: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await computeStudyAgreement(s.db, { ...request, resamples });
        out.push(performance.now() - t0);
      }
      return out;
    };
    await timeIt(10_000, 1); // JIT and worker-bundle warm-up
    const full = await timeIt(10_000, 3);
    const once = await timeIt(0, 3);
    const judgeOnly: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      computeJudgeValidation(s.db, { ...request, resamples: 10_000 });
      judgeOnly.push(performance.now() - t0);
    }
    const figure = median(full);
    const baseline = median(once);
    return {
      name: 'judge-validation',
      rows: [
        {
          issue: 12,
          name: `Agreement view with the judge section, ${ITEMS.toLocaleString('en')} calls × 2 annotators + 1 judge, 10,000 resamples`,
          figure: fmtMs(figure),
          baseline: `${fmtMs(baseline)} without bootstrap`,
          ratio: figure / baseline,
          target: '< 1 s absolute',
          pass: figure < 1000,
        },
      ],
      details: [
        `agreement.compute (human–human reports in a worker while this thread computes the judge section), 3 runs: ${full.map(fmtMs).join(', ')}`,
        `the same with resamples 0: ${once.map(fmtMs).join(', ')}`,
        `the judge section alone (2 mappings, 5 references, per category and by system and track): ${judgeOnly.map(fmtMs).join(', ')}`,
      ],
      wallMs: performance.now() - wall0,
      peakRssBytes: peakRssBytes(),
    };
  } finally {
    s.db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
