import { describe, expect, it } from 'vitest';
import { configForTick, windowTicks } from './config';
import { averageDomains, simulationMetrics } from './summarize';
import { scriptTicks } from './synthetic-ticks';
import { trimStopArtifact } from './trim-end';
import type { InteractionMetrics } from '../../../shared/types/interaction-metrics';

describe('averageDomains', () => {
  it('averages each metric over the domains that have it and sums the counts', () => {
    // retail: R_R 1/2, S_VT none; airline: R_R 1/1, S_VT 1 (a correct out-of-turn tic).
    const retail = simulationMetrics(scriptTicks('u*5 .*10 u*5 .*5 a*3 .*3'));
    const airline = simulationMetrics(scriptTicks('u . a . t .*12'));
    const overall = averageDomains({ retail, airline }) as InteractionMetrics;
    expect(overall.responseRate).toBe(0.75);
    expect(overall.selectivityVocalTic).toBe(1);
    expect(overall.yieldRate).toBeNull();
    expect(overall.counts.responseTotal).toBe(3);
    expect(overall.counts.simulations).toBe(2);
    expect(averageDomains({})).toBeNull();
  });
});

describe('windows and trimming', () => {
  it('truncates windows to whole ticks like Python int()', () => {
    expect(windowTicks(2.0, 0.2)).toBe(10);
    expect(windowTicks(1.0, 0.3)).toBe(3);
    expect(configForTick(0.05).noYieldWindowSec).toBe(2.0);
    expect(() => configForTick(0)).toThrow(RangeError);
  });

  it('trims only a final user run of exactly one tick', () => {
    expect(trimStopArtifact(scriptTicks('a . u'))).toHaveLength(2);
    expect(trimStopArtifact(scriptTicks('a u u'))).toHaveLength(3);
    expect(trimStopArtifact(scriptTicks('u'))).toHaveLength(1);
  });
});
