import { describe, expect, it } from 'vitest';
import type { EpisodeOutcome } from './episode-outcome';
import { pairwiseSystemComparisons } from './pairwise-systems';

const ep = (system: string, task: string, reward: number | null): EpisodeOutcome => ({ task, system, condition: { environment: 'regular' }, trial: 0, reward });
const run = (system: string, rewards: number[]): EpisodeOutcome[] => rewards.map((r, i) => ep(system, `t${i + 1}`, r));

describe('pairwiseSystemComparisons', () => {
  // A = 1 1 1 0, B = 0 0 1 0, C = 1 1 1 1 on t1..t4 (C also has an unmatched t5).
  // A vs B: b = 2 (t1, t2), c = 0 → exact p = 2·(1/2)² = 0.5
  // A vs C: b = 0, c = 1 (t4)     → p = 2·(1/2) = 1
  // B vs C: b = 0, c = 3          → p = 2·(1/2)³ = 0.25
  // Holm (m = 3): .25·3 = .75; .5·2 = 1; 1·1 = 1 → A–B 1, A–C 1, B–C 0.75
  const records = [...run('B', [0, 0, 1, 0]), ...run('A', [1, 1, 1, 0]), ...run('C', [1, 1, 1, 1]), ep('C', 't5', 1), ep('A', 't6', null)];

  it('pairs episodes, runs exact McNemar and Holm-adjusts', () => {
    const rows = pairwiseSystemComparisons(records);
    expect(rows.map((r) => [r.systemA, r.systemB, r.pairs, r.successesA, r.successesB, r.test.b, r.test.c])).toEqual([
      ['A', 'B', 4, 3, 1, 2, 0],
      ['A', 'C', 4, 3, 4, 0, 1],
      ['B', 'C', 4, 1, 4, 0, 3],
    ]);
    [0.5, 1, 0.25].forEach((p, i) => expect(rows[i].test.exactP).toBeCloseTo(p, 14));
    [1, 1, 0.75].forEach((p, i) => expect(rows[i].holmP).toBeCloseTo(p, 14));
  });

  it('refuses duplicate episodes of one system', () => {
    expect(() => pairwiseSystemComparisons([ep('A', 't1', 1), ep('A', 't1', 0)])).toThrow(/duplicate/);
  });
});
