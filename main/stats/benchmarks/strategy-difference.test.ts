import { describe, expect, it } from 'vitest';
import { strategyDifferences, type TimedOutcome } from './strategy-difference';

const ENVS = ['regular', 'noise_heavy', 'speech_heavy'];
/** Calls of one system: `passes[env]` tasks succeed (the first ones), every call lasting `seconds`. */
function arm(
  system: string,
  strategy: string,
  tasks: number,
  passes: Record<string, number>,
  seconds: number,
): TimedOutcome[] {
  return ENVS.flatMap((environment) =>
    Array.from({ length: tasks }, (_, i) => ({
      task: `t${i}`,
      system,
      condition: { strategy, environment },
      trial: 0,
      reward: i < passes[environment] ? 1 : 0,
      durationSec: seconds,
    })),
  );
}

describe('strategyDifferences (scaffolded − agent-directed)', () => {
  // 12 tasks. Agent-directed passes 6 / 4 / 5 (the first ones), scaffolded 10 / 8 / 9; calls last 60 s and 80 s.
  const records = [
    ...arm('S', 'agent_directed', 12, { regular: 6, noise_heavy: 4, speech_heavy: 5 }, 60),
    ...arm('S', 'scaffolded', 12, { regular: 10, noise_heavy: 8, speech_heavy: 9 }, 80),
  ];
  // One scaffolded regular call without a duration; a 13th task scored only under agent-directed.
  records.find(
    (r) => r.task === 't11' && r.condition.strategy === 'scaffolded' && r.condition.environment === 'regular',
  )!.durationSec = null;
  records.push({
    task: 't12',
    system: 'S',
    condition: { strategy: 'agent_directed', environment: 'regular' },
    trial: 0,
    reward: 1,
    durationSec: 50,
  });
  records.push({
    task: 't12',
    system: 'S',
    condition: { strategy: 'scaffolded', environment: 'regular' },
    trial: 0,
    reward: null,
    durationSec: 70,
  });
  const { passAt1, passHat3 } = strategyDifferences(records, { bootstrap: { resamples: 500 } });

  it('Pass@1 per environment on the paired tasks: regular 6/12 → 10/12, +4/12', () => {
    expect(
      passAt1.map((r) => [r.environment, r.tasks, r.referenceSuccess.numerator, r.treatmentSuccess.numerator]),
    ).toEqual([
      ['regular', 12, 6, 10],
      ['noise_heavy', 12, 4, 8],
      ['speech_heavy', 12, 5, 9],
    ]);
    const regular = passAt1[0];
    expect([regular.treatment, regular.reference]).toEqual(['scaffolded', 'agent_directed']);
    expect(regular.difference.estimate).toBeCloseTo(4 / 12, 14);
    expect(regular.difference.low!).toBeLessThanOrEqual(4 / 12);
    expect(regular.difference.high!).toBeGreaterThanOrEqual(4 / 12);
    expect(regular.belowMinimum).toBe(false);
  });

  it('time per call: 80 − 60 = +20 s over the 11 tasks timed in both', () => {
    const regular = passAt1[0];
    expect([regular.timedTasks, regular.referenceSeconds, regular.treatmentSeconds]).toEqual([11, 60, 80]);
    expect(regular.secondsDifference.estimate).toBeCloseTo(20, 12);
    // Every task adds exactly 20 s, so every resample does too.
    expect([regular.secondsDifference.low, regular.secondsDifference.high]).toEqual([20, 20]);
  });

  it('crossed Pass^3: 4/12 → 8/12 (+4/12); the task scored in one environment only is unpaired', () => {
    expect(passHat3).toHaveLength(1);
    const [row] = passHat3;
    expect([row.tasks, row.unpaired, row.referencePass.numerator, row.treatmentPass.numerator]).toEqual([12, 1, 4, 8]);
    expect(row.difference.estimate).toBeCloseTo(4 / 12, 14);
  });

  it('a task with two trials counts as its mean; fewer than 10 paired tasks is below the minimum', () => {
    const small: TimedOutcome[] = [
      {
        task: 'a',
        system: 'T',
        condition: { strategy: 'agent_directed', environment: 'regular' },
        trial: 0,
        reward: 1,
        durationSec: null,
      },
      {
        task: 'a',
        system: 'T',
        condition: { strategy: 'agent_directed', environment: 'regular' },
        trial: 1,
        reward: 0,
        durationSec: null,
      },
      {
        task: 'a',
        system: 'T',
        condition: { strategy: 'scaffolded', environment: 'regular' },
        trial: 0,
        reward: 1,
        durationSec: null,
      },
    ];
    const [row] = strategyDifferences(small, { bootstrap: { resamples: 100 } }).passAt1;
    expect(row.difference.estimate).toBe(0.5);
    expect([
      row.referenceSuccess.numerator,
      row.referenceSuccess.denominator,
      row.timedTasks,
      row.treatmentSeconds,
    ]).toEqual([1, 2, 0, null]);
    expect(row.belowMinimum).toBe(true);
  });

  it('a system run under one strategy only has no comparison', () => {
    expect(strategyDifferences(arm('U', 'scaffolded', 12, { regular: 1, noise_heavy: 1, speech_heavy: 1 }, 1))).toEqual(
      { passAt1: [], passHat3: [] },
    );
  });
});
