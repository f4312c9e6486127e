/**
 * `earshot metrics --json` on a synthetic τ-Elicitation study built from the paper's reported per-cell counts
 * (results/manifest.csv, the result-source notes): the strategy comparison must give the paper's derived figures —
 * scaffolding raises Pass@1 by 15–37 points and Pass^3 by 14–31 points, at a cost of 21–28 seconds per call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { importStudy, writeJsonl } from '../../test-support/import-study';
import type { StudyMetrics } from '../../shared/types/metrics';
import { parseCliArgs } from './args';
import { metricsCommand } from './metrics';

const ENVS = ['regular', 'noise_heavy', 'speech_heavy'] as const;
type Arm = { passes: [number, number, number]; pass3: number; seconds: number | null };
// Passes of 200 per environment (results/manifest.csv), crossed Pass^3 × 200 and mean regular call seconds (the
// caller-effort artifact): agent-directed, then scaffolded. GPT minimal's durations are not published.
const PAPER: Record<string, { agent: Arm; scaffolded: Arm }> = {
  gpt_xhigh: {
    agent: { passes: [89, 78, 104], pass3: 40, seconds: 59.439 },
    scaffolded: { passes: [154, 119, 147], pass3: 77, seconds: 87.421 },
  },
  gemini_high: {
    agent: { passes: [103, 74, 89], pass3: 27, seconds: 66.37 },
    scaffolded: { passes: [159, 128, 140], pass3: 73, seconds: 86.942 },
  },
  grok: {
    agent: { passes: [133, 125, 132], pass3: 81, seconds: 87.086 },
    scaffolded: { passes: [163, 144, 156], pass3: 108, seconds: 109.8 },
  },
  gpt_minimal: {
    agent: { passes: [83, 73, 86], pass3: 30, seconds: null },
    scaffolded: { passes: [157, 127, 145], pass3: 91, seconds: null },
  },
};

/**
 * Which of 200 tasks pass in each environment so that each environment has its count and exactly `pass3` tasks pass
 * in all three: tasks 0 … pass3 − 1 pass everywhere; regular adds the next ones, noise-heavy the last ones, and
 * speech-heavy only tasks that did not already pass in both others.
 */
function passing(arm: Arm): Set<number>[] {
  const [r, n, s] = arm.passes;
  const regular = new Set(Array.from({ length: r }, (_, i) => i));
  const noise = new Set([
    ...Array.from({ length: arm.pass3 }, (_, i) => i),
    ...Array.from({ length: n - arm.pass3 }, (_, i) => 199 - i),
  ]);
  const free = Array.from({ length: 200 }, (_, i) => i).filter(
    (i) => i >= arm.pass3 && !(regular.has(i) && noise.has(i)),
  );
  const speech = new Set([...Array.from({ length: arm.pass3 }, (_, i) => i), ...free.slice(0, s - arm.pass3)]);
  return [regular, noise, speech];
}

let t: TempServices;
let m: StudyMetrics;
beforeAll(async () => {
  t = await tempServices();
  const lines: unknown[] = [
    { schema: 'earshot-study-v1', name: 'τ-Elicitation paper inputs', benchmark: 'tau-elicitation' },
  ];
  for (const [system, arms] of Object.entries(PAPER)) {
    for (const [strategy, arm] of [
      ['agent_directed', arms.agent],
      ['scaffolded', arms.scaffolded],
    ] as const) {
      const sets = passing(arm);
      ENVS.forEach((environment, e) => {
        for (let i = 0; i < 200; i += 1) {
          lines.push({
            schema: 'earshot-episode-v1',
            id: `${system}/${strategy}/${environment}/${i}`,
            system,
            task: `intake_task_${i}`,
            condition: { strategy, environment },
            reward: sets[e].has(i) ? 1 : 0,
            duration_ms: environment === 'regular' && arm.seconds !== null ? arm.seconds * 1000 : null,
          });
        }
      });
    }
  }
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
