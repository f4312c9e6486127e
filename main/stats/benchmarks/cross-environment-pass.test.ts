import { describe, expect, it } from 'vitest';
import { crossEnvironmentPass } from './cross-environment-pass';
import type { EpisodeOutcome } from './episode-outcome';

const ep = (task: string, environment: string, reward: number | null, strategy = 'agent_directed', trial = 0): EpisodeOutcome => ({
  task,
  system: 'S',
  condition: { environment, strategy },
  trial,
  reward,
});

describe('crossEnvironmentPass', () => {
  // t1: 1/1/1 → passes all three.      t2: 1/0/1 → complete, fails.
  // t3: no speech_heavy → incomplete.  t4: noise_heavy unscored (null) → incomplete.
  // t5: two regular episodes → duplicated.      t6: 1/1/1 → passes.
  // → 2 of 3 complete tasks pass all three environments.
  const records = [
    ...['regular', 'noise_heavy', 'speech_heavy'].map((env) => ep('t1', env, 1)),
    ep('t2', 'regular', 1), ep('t2', 'noise_heavy', 0), ep('t2', 'speech_heavy', 1),
    ep('t3', 'regular', 1), ep('t3', 'noise_heavy', 1),
    ep('t4', 'regular', 1), ep('t4', 'noise_heavy', null), ep('t4', 'speech_heavy', 1),
    ep('t5', 'regular', 1), ep('t5', 'regular', 1, 'agent_directed', 1), ep('t5', 'noise_heavy', 1), ep('t5', 'speech_heavy', 1),
    ...['regular', 'noise_heavy', 'speech_heavy'].map((env) => ep('t6', env, 1)),
    ep('t6', 'text_only', 0), // an environment outside the list is ignored
  ];

  it('counts tasks that succeed in every environment and reports gaps and duplicates', () => {
    const [row] = crossEnvironmentPass(records);
    expect(row.system).toBe('S');
    expect(row.condition).toEqual({ strategy: 'agent_directed' });
    expect(row.passAll).toEqual({ numerator: 2, denominator: 3, value: 2 / 3 });
    expect(row.incomplete).toEqual([
      { task: 't3', missing: ['speech_heavy'] },
      { task: 't4', missing: ['noise_heavy'] },
    ]);
    expect(row.duplicated).toEqual([{ task: 't5', environments: ['regular'] }]);
  });

  it('splits by the other condition keys (strategy) and honours custom environments', () => {
    const rows = crossEnvironmentPass([ep('t1', 'a', 1, 'x'), ep('t1', 'b', 1, 'x'), ep('t1', 'a', 1, 'y'), ep('t1', 'b', 0, 'y')], { environments: ['a', 'b'] });
    expect(rows.map((r) => [r.condition.strategy, r.passAll.value])).toEqual([
      ['x', 1],
      ['y', 0],
    ]);
  });
});
