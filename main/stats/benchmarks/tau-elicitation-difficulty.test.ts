/** Strategy gain by entity difficulty on hand-built calls; every expected number is worked out in the comments. */
import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap';
import { isSuccess } from './episode-outcome';
import type { TimedOutcome } from './strategy-difference';
import { strategyGainByDifficulty } from './tau-elicitation-difficulty';

const AD = 'agent_directed';
const S = 'scaffolded';

/** One call: success or not, with its duration. */
const call = (system: string, task: string, strategy: string, ok: boolean, seconds: number): TimedOutcome => ({
  task,
  system,
  condition: { strategy, environment: 'regular' },
  trial: 0,
  reward: ok ? 1 : 0,
  durationSec: seconds,
});

const easy = (i: number) => `intake_dates_easy_${String(i).padStart(2, '0')}`;
const hard = (i: number) => `intake_codes_hard_${String(i).padStart(2, '0')}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * System A, 12 easy tasks: agent-directed passes tasks 1–6 (6/12), scaffolded passes 2–10 (9/12): scaffolded wins
 * tasks 7–10 (4), loses task 1 (1). Three hard tasks: agent-directed 0/3, scaffolded passes hard 1 and 2 (2/3).
 * Every agent-directed call lasts 60 s, every scaffolded one 80 s.
 */
const systemA: TimedOutcome[] = [
  ...range(1, 12).map((i) => call('A', easy(i), AD, i <= 6, 60)),
  ...range(1, 12).map((i) => call('A', easy(i), S, i >= 2 && i <= 10, 80)),
  ...range(1, 3).map((i) => call('A', hard(i), AD, false, 60)),
  ...range(1, 3).map((i) => call('A', hard(i), S, i <= 2, 80)),
];

/** System B, the same easy tasks: agent-directed passes tasks 1–3 (3/12), scaffolded all 12; no hard task. */
const systemB: TimedOutcome[] = [
  ...range(1, 12).map((i) => call('B', easy(i), AD, i <= 3, 50)),
  ...range(1, 12).map((i) => call('B', easy(i), S, true, 50)),
];

const boot = { resamples: 400, seed: 7 };

describe('strategyGainByDifficulty', () => {
  const rows = strategyGainByDifficulty([...systemA, ...systemB], { bootstrap: boot });
  const row = (system: string | null, difficulty: string) =>
    rows.find((r) => r.system === system && r.difficulty === difficulty)!;

  it('one row per system and stratum (easy before hard), then the mean over systems', () => {
    expect(rows.map((r) => [r.system, r.difficulty])).toEqual([
      ['A', 'easy'],
      ['A', 'hard'],
      ['B', 'easy'],
      [null, 'easy'],
      [null, 'hard'],
    ]);
    expect(row(null, 'easy').systems).toEqual(['A', 'B']);
    // Only A has hard tasks: the mean over the systems with paired tasks is A's own gain, 2/3.
    expect(row(null, 'hard').gains[0].gain.estimate).toBeCloseTo(2 / 3, 12);
  });

  it('each strategy’s success per stratum, the baseline first', () => {
    const a = row('A', 'easy');
    expect(a.strategies.map((s) => [s.strategy, s.tasks, s.success])).toEqual([
      [AD, 12, { numerator: 6, denominator: 12, value: 0.5 }],
      [S, 12, { numerator: 9, denominator: 12, value: 0.75 }],
    ]);
    expect(
      row('A', 'hard').strategies.map((s) => [s.success.numerator, s.success.denominator, s.belowMinimum]),
    ).toEqual([
      [0, 3, true],
      [2, 3, true],
    ]);
  });

  it('the gain on easy tasks: (9 − 6)/12 = 0.25, 20 s slower; sign test 4 wins vs 1 loss', () => {
    const g = row('A', 'easy').gains[0];
    expect([g.strategy, g.baseline, g.pairedTasks, g.better, g.worse]).toEqual([S, AD, 12, 4, 1]);
    expect(g.gain.estimate).toBeCloseTo(0.25, 12);
    expect(g.secondsGain.estimate).toBeCloseTo(20, 12);
    // Exact two-sided sign test: 2 · P(X ≤ 1), X ~ Bin(5, ½) = 2 · (1 + 5)/32 = 0.375; the only stratum tested, so
    // Holm leaves it unchanged.
    expect(g.p).toBeCloseTo(0.375, 12);
    expect(g.holmP).toBeCloseTo(0.375, 12);
    expect(g.belowMinimum).toBe(false);
  });

  it('three hard tasks are below the minimum of 10: gain 2/3 shown, no test', () => {
    const g = row('A', 'hard').gains[0];
    expect(g.gain.estimate).toBeCloseTo(2 / 3, 12);
    expect([g.pairedTasks, g.belowMinimum, g.p, g.holmP]).toEqual([3, true, null, null]);
  });

  it('the mean over systems: (0.25 + 0.75)/2 = 0.5; sign test on the per-task means, 9 wins vs 1 loss', () => {
    // B gains 9/12 = 0.75. Per task, the mean of A's and B's differences: task 1 (−1 + 0)/2 < 0; tasks 2–3 0;
    // tasks 4–6 (0 + 1)/2, 7–10 (1 + 1)/2, 11–12 (0 + 1)/2 > 0: 9 wins, 1 loss; 2 · (1 + 10)/1024 = 22/1024.
    const g = row(null, 'easy').gains[0];
    expect(g.gain.estimate).toBeCloseTo(0.5, 12);
    expect([g.better, g.worse, g.pairedTasks]).toEqual([9, 1, 12]);
    expect(g.p).toBeCloseTo(22 / 1024, 12);
    // Pooled calls: agent-directed 6 + 3 of 24, scaffolded 9 + 12 of 24.
    expect([g.baselineSuccess.numerator, g.strategySuccess.numerator, g.strategySuccess.denominator]).toEqual([
      9, 21, 24,
    ]);
    // A spends 20 s more per call, B none: 10 s on average.
    expect(g.secondsGain.estimate).toBeCloseTo(10, 12);
  });

  it('intervals are the bootstrap of the cell’s tasks: the same draws as clusterBootstrap over all its calls', () => {
    const easyGain = (calls: TimedOutcome[]) => {
      const ok = (task: string, strategy: string) =>
        calls.some((c) => c.task === task && c.condition.strategy === strategy && isSuccess(c.reward)) ? 1 : 0;
      const tasks = calls.filter((c) => c.task.includes('_easy_') && c.condition.strategy === AD).map((c) => c.task);
      return tasks.length ? tasks.reduce((d, t) => d + ok(t, S) - ok(t, AD), 0) / tasks.length : Number.NaN;
    };
    const direct = clusterBootstrap(systemA, (c) => c.task, easyGain, boot);
    const g = row('A', 'easy').gains[0].gain;
    expect([g.low, g.high, g.undefinedResamples]).toEqual([direct.low, direct.high, direct.undefinedResamples]);
    expect(g.low!).toBeLessThan(0.25);
    expect(g.high!).toBeGreaterThan(0.25);
  });

  it('no gains without the baseline, no rows without a difficulty in any task id', () => {
    const onlyScaffolded = systemA.filter((c) => c.condition.strategy === S);
    const [only] = strategyGainByDifficulty(onlyScaffolded, { bootstrap: boot });
    expect(only.strategies.map((s) => s.strategy)).toEqual([S]);
    expect(only.gains).toEqual([]);
    const generic = systemA.map((c) => ({ ...c, task: c.task.replace('intake_', 'task_') }));
    expect(strategyGainByDifficulty(generic, { bootstrap: boot })).toEqual([]);
  });
});
