import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { ticksFromCompact } from '../../stats/interaction/from-compact';
import { tickRowsFromRuns, type TickRow } from '../../stats/interaction/tick-runs';
import { compactTicks } from './compact-ticks';
import type { Tau2Tick } from './schema';

const dir = fixture('tau2-voice', 'experiment', 'simulations');
const fixtureTicks: Tau2Tick[][] = readdirSync(dir)
  .sort()
  .map((f) => (JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as { ticks: Tau2Tick[] }).ticks);

/** The one-row-per-tick form, computed tick by tick (what earlier versions stored). */
const rowsOf = (ticks: readonly Tau2Tick[]): TickRow[] => {
  const { tickRuns } = compactTicks(ticks);
  return tickRowsFromRuns(tickRuns);
};

const silent = (id: number, userAction: string | null = null): Tau2Tick =>
  ({ tick_id: id, user_chunk: { contains_speech: false, turn_taking_action: userAction ? { action: userAction } : null }, agent_chunk: null }) as unknown as Tau2Tick;

describe('compactTicks', () => {
  it('stores the fixture calls as 70–100 runs each, which expand to one row per tick with every tick id', () => {
    for (const ticks of fixtureTicks) {
      const { tickRuns } = compactTicks(ticks);
      expect(tickRuns.length).toBeGreaterThan(50);
      expect(tickRuns.length).toBeLessThan(ticks.length / 9);
      expect(tickRowsFromRuns(tickRuns).map((r) => r[0])).toEqual(ticks.map((t) => t.tick_id));
    }
  });

  it('gives each expanded tick its own speech flags and actions', () => {
    const ticks = fixtureTicks[0];
    const rows = rowsOf(ticks);
    ticks.forEach((t, i) => {
      expect(rows[i][1]).toBe(t.user_chunk?.contains_speech ? 1 : 0);
      expect(rows[i][2]).toBe(t.agent_chunk?.contains_speech ? 1 : 0);
      expect(rows[i][3]).toBe(t.user_chunk?.turn_taking_action?.action ?? null);
    });
  });

  it('starts a new run where tick ids skip or an action changes', () => {
    const { tickRuns } = compactTicks([silent(0, 'wait'), silent(1, 'wait'), silent(3, 'wait'), silent(4, 'keep_talking'), silent(5)]);
    expect(tickRuns).toEqual([
      [0, 2, 0, 0, 'wait', null, 0, 0],
      [3, 1, 0, 0, 'wait', null, 0, 0],
      [4, 1, 0, 0, 'keep_talking', null, 0, 0],
      [5, 1, 0, 0, null, null, 0, 0],
    ]);
  });
});

describe('ticksFromCompact', () => {
  it('reads runs and the one-row-per-tick form of earlier versions into the same ticks', () => {
    for (const ticks of fixtureTicks) {
      const { tickRuns, tickEffects } = compactTicks(ticks);
      const fromRuns = ticksFromCompact({ tickRuns, tickEffects });
      expect(fromRuns).toHaveLength(ticks.length);
      expect(ticksFromCompact({ ticks: tickRowsFromRuns(tickRuns), tickEffects })).toEqual(fromRuns);
    }
  });
});
