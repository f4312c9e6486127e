import { describe, expect, it } from 'vitest';
import { isSuccess, type EpisodeOutcome } from './episode-outcome';
import { successRates } from './success-rate';

const ep = (system: string, environment: string, task: string, reward: number | null): EpisodeOutcome => ({ task, system, condition: { environment }, trial: 0, reward });

describe('isSuccess', () => {
  it('uses tau2-bench tolerance 1e-6 around 1', () => {
    expect(isSuccess(1)).toBe(true);
    expect(isSuccess(0.9999995)).toBe(true);
    expect(isSuccess(0.999)).toBe(false);
    expect(isSuccess(0)).toBe(false);
    expect(isSuccess(null)).toBe(false);
  });
});

describe('successRates', () => {
  it('counts successes over scored episodes per (system, condition)', () => {
    // A/regular: rewards 1, 0, null, 0.9999995, 0.5 → scored 4, successes 2 (1 and 0.9999995) → 2/4; 1 unscored.
    // A/noisy: 0 → 0/1. B/regular: 1 → 1/1.
    const rows = successRates([
      ep('A', 'regular', 't1', 1),
      ep('A', 'regular', 't2', 0),
      ep('A', 'regular', 't3', null),
      ep('A', 'regular', 't4', 0.9999995),
      ep('A', 'regular', 't5', 0.5),
      ep('A', 'noisy', 't1', 0),
      ep('B', 'regular', 't1', 1),
    ]);
    expect(rows).toEqual([
      { system: 'A', condition: { environment: 'regular' }, episodes: 5, unscored: 1, success: { numerator: 2, denominator: 4, value: 0.5 } },
      { system: 'A', condition: { environment: 'noisy' }, episodes: 1, unscored: 0, success: { numerator: 0, denominator: 1, value: 0 } },
      { system: 'B', condition: { environment: 'regular' }, episodes: 1, unscored: 0, success: { numerator: 1, denominator: 1, value: 1 } },
    ]);
  });
});
