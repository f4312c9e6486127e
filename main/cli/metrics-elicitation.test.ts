/**
 * `earshot metrics --json` on a synthetic τ-Elicitation study built from the paper's reported per-cell counts
 * (results/manifest.csv, the result-source notes): the strategy comparison must give the paper's derived figures —
 * scaffolding raises Pass@1 by 15–37 points and Pass^3 by 14–31 points, at a cost of 21–28 seconds per call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { importStudy, writeJsonl } from '../../test-support/import-study';
import {
  PAPER_CELLS as PAPER,
  PAPER_ENVIRONMENTS as ENVS,
  paperStudyLines,
} from '../../test-support/tau-elicitation-paper';
import type { StudyMetrics } from '../../shared/types/metrics';
import { parseCliArgs } from './args';
import { metricsCommand } from './metrics';

let t: TempServices;
let m: StudyMetrics;
beforeAll(async () => {
  t = await tempServices();
  const lines = paperStudyLines('τ-Elicitation paper inputs');
  await importStudy(t.services, writeJsonl(t.dir, 'tau-elicitation-paper.jsonl', lines), 'τ-Elicitation paper inputs');
  m = metricsCommand(
    t.services,
    parseCliArgs(['--study', 'τ-Elicitation paper inputs', '--resamples', '500', '--json']),
  ).json as StudyMetrics;
});
afterAll(() => t.cleanup());

/** Points, rounded as the paper prints them. */
const points = (fraction: number | null) => Math.round(fraction! * 100);

describe('τ-Elicitation (Ray & Barres): scaffolded − agent-directed from the paper’s reported inputs', () => {
  it('the inputs: every cell’s Pass@1 and crossed Pass^3 as published', () => {
    const [tau] = m.tau;
    const cell = (system: string, strategy: string, environment: string) =>
      tau.success.find(
        (r) => r.system === system && r.condition.strategy === strategy && r.condition.environment === environment,
      )!.success.numerator;
    expect(ENVS.map((env) => cell('gemini_high', 'agent_directed', env))).toEqual([103, 74, 89]);
    const crossed = (system: string, strategy: string) =>
      tau.crossEnvironment.find((r) => r.system === system && r.condition.strategy === strategy)!.passAll.numerator;
    expect(Object.keys(PAPER).map((s) => [crossed(s, 'agent_directed'), crossed(s, 'scaffolded')])).toEqual(
      Object.values(PAPER).map((a) => [a.agent.pass3, a.scaffolded.pass3]),
    );
  });

  it('Pass@1 (regular) rises by 32.5, 28.0, 15.0 and 37.0 points: the paper’s 15–37', () => {
    const regular = m.tau[0].strategy.passAt1.filter((r) => r.environment === 'regular');
    expect(regular.map((r) => [r.system, r.tasks, r.referenceSuccess.numerator, r.treatmentSuccess.numerator])).toEqual(
      [
        ['gpt_xhigh', 200, 89, 154],
        ['gemini_high', 200, 103, 159],
        ['grok', 200, 133, 163],
        ['gpt_minimal', 200, 83, 157],
      ],
    );
    expect(regular.map((r) => r.difference.estimate! * 100)).toEqual(
      [32.5, 28, 15, 37].map((v) => expect.closeTo(v, 10)),
    );
    expect([
      Math.min(...regular.map((r) => points(r.difference.estimate))),
      Math.max(...regular.map((r) => points(r.difference.estimate))),
    ]).toEqual([15, 37]);
    for (const r of regular)
      expect(r.difference.low! < r.difference.estimate! && r.difference.estimate! < r.difference.high!).toBe(true);
  });

  it('Pass^3 rises by 18.5, 23.0, 13.5 and 30.5 points: the paper’s 14–31', () => {
    const rows = m.tau[0].strategy.passHat3;
    expect(rows.map((r) => [r.system, r.tasks, r.difference.estimate! * 200])).toEqual([
      ['gpt_xhigh', 200, expect.closeTo(37, 10)],
      ['gemini_high', 200, expect.closeTo(46, 10)],
      ['grok', 200, expect.closeTo(27, 10)],
      ['gpt_minimal', 200, expect.closeTo(61, 10)],
    ]);
    // 13.5 and 30.5 points, printed half up as 14 and 31.
    expect(rows.map((r) => Math.round(r.difference.estimate! * 1000) / 10)).toEqual([18.5, 23, 13.5, 30.5]);
  });

  it('time per call: +27.98, +20.57 and +22.71 s (paper: 21–28 s); no durations, no time cost for GPT minimal', () => {
    const regular = m.tau[0].strategy.passAt1.filter((r) => r.environment === 'regular');
    expect(regular.slice(0, 3).map((r) => r.secondsDifference.estimate)).toEqual(
      [27.982, 20.572, 22.714].map((v) => expect.closeTo(v, 9)),
    );
    expect([Math.round(20.572), Math.round(27.982)]).toEqual([21, 28]);
    expect([regular[3].timedTasks, regular[3].secondsDifference.estimate]).toEqual([0, null]);
    // Every call of a cell lasts the cell's mean, so every resampled difference is the same.
    expect([regular[0].secondsDifference.low, regular[0].secondsDifference.high]).toEqual(
      [27.982, 27.982].map((v) => expect.closeTo(v, 9)),
    );
  });

  it('the tables carry them, and the study has no subset', () => {
    const table = m.tables.find((x) => x.id === 'tau-elicitation-strategy')!;
    expect(table.rows.filter((r) => r.environment === 'regular').map((r) => r.system)).toEqual(Object.keys(PAPER));
    expect(m.tables.some((x) => x.id === 'tau-elicitation-strategy-pass3')).toBe(true);
    expect(m.tau[0].subsets).toEqual([]);
  });
});
