import { describe, expect, it } from 'vitest';
import type { EpisodeOutcome } from './episode-outcome';
import { passHatK, passHatKForTask } from './pass-hat-k';

const trials = (task: string, rewards: (number | null)[]): EpisodeOutcome[] =>
  rewards.map((reward, trial) => ({ task, system: 'S', condition: {}, trial, reward }));

describe('passHatKForTask', () => {
  it('is C(c,k)/C(n,k)', () => {
    expect(passHatKForTask(5, 3, 2)).toBeCloseTo(3 / 10, 12); // C(3,2)=3, C(5,2)=10
    expect(passHatKForTask(4, 3, 3)).toBeCloseTo(1 / 4, 12); // C(3,3)=1, C(4,3)=4
    expect(passHatKForTask(4, 1, 2)).toBe(0); // c < k
    expect(passHatKForTask(4, 3, 1)).toBeCloseTo(0.75, 12); // pass^1 = c/n
    expect(passHatKForTask(4, 4, 4)).toBe(1);
  });
  it('rejects n < k and bad arguments', () => {
    expect(() => passHatKForTask(2, 1, 3)).toThrow(RangeError);
    expect(() => passHatKForTask(3, 4, 1)).toThrow(RangeError);
    expect(() => passHatKForTask(3, 1, 0)).toThrow(RangeError);
  });
});

describe('passHatK', () => {
  // Task A: 4 trials, 3 successes → pass^2 = C(3,2)/C(4,2) = 3/6 = 0.5.
  // Task B: 4 trials, 4 successes → 1.
  // Task C: 2 scored trials (the null is unscored), 1 success → C(1,2)=0 → 0.
  // Task D: 1 trial → excluded for k = 2, reported.
  // pass^2 = (0.5 + 1 + 0) / 3 = 0.5.   pass^1 = (3/4 + 1 + 1/2 + 1) / 4 = 0.8125.
  const records = [...trials('A', [1, 1, 0, 1]), ...trials('B', [1, 1, 1, 1]), ...trials('C', [0, null, 1]), ...trials('D', [1])];

  it('averages per-task C(c,k)/C(n,k) and lists excluded tasks', () => {
    const [row] = passHatK(records, 2);
    expect(row.value).toBeCloseTo(0.5, 12);
    expect(row.tasks).toBe(3);
    expect(row.excluded).toEqual([{ task: 'D', trials: 1 }]);
  });
  it('pass^1 is the mean of per-task success rates', () => {
    expect(passHatK(records, 1)[0].value).toBeCloseTo(0.8125, 12);
  });
  it('is null when no task has k trials', () => {
    const [row] = passHatK(records, 5);
    expect(row.value).toBeNull();
    expect(row.excluded).toHaveLength(4);
  });
});
