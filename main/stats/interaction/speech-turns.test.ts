import { describe, expect, it } from 'vitest';
import { speechTurns } from './speech-turns';
import { scriptTicks } from './synthetic-ticks';

describe('speechTurns', () => {
  it('rebuilds per-role runs with start = first id × tick and end = (last id + 1) × tick, in ms', () => {
    // Ids 10..17: user 10-12, agent 12-13, user 16-17 (runs to the end).
    const turns = speechTurns(scriptTicks('u*2 ua a . . u*2', 10), 0.2);
    expect(turns).toEqual([
      { role: 'user', firstTickId: 10, lastTickId: 12, startMs: 2000, endMs: 2600 },
      { role: 'agent', firstTickId: 12, lastTickId: 13, startMs: 2400, endMs: 2800 },
      { role: 'user', firstTickId: 16, lastTickId: 17, startMs: 3200, endMs: 3600 },
    ]);
  });

  it('orders the user first when both start on the same tick, and rounds away float noise', () => {
    const turns = speechTurns(scriptTicks('. ua*3'), 0.1);
    expect(turns.map((t) => [t.role, t.startMs, t.endMs])).toEqual([
      ['user', 100, 400],
      ['agent', 100, 400],
    ]);
  });

  it('keeps the 1-tick ###STOP### user run (no trimming) and handles empty input', () => {
    expect(speechTurns(scriptTicks('a*3 . u'), 0.2).at(-1)).toEqual({ role: 'user', firstTickId: 4, lastTickId: 4, startMs: 800, endMs: 1000 });
    expect(speechTurns([], 0.2)).toEqual([]);
  });

  it('rejects a non-positive tick duration', () => {
    expect(() => speechTurns([], 0)).toThrow(RangeError);
  });
});
