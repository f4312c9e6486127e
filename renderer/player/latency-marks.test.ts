import { describe, expect, it } from 'vitest';
import { latencyMarks, overlappingTurns } from './latency-marks';
import type { Turn } from '../../shared/domain';

let n = 0;
const turn = (speaker: Turn['speaker'], startMs: number | null, endMs: number | null, tool = false): Turn => ({
  id: ++n, index: n - 1, speaker, startMs, endMs, text: '', words: null, tool: tool ? { name: 'x', arguments: {}, result: null } : null,
});

describe('latencyMarks', () => {
  it('measures end of user speech → start of the next agent turn, and flags barge-ins as interruptions', () => {
    n = 0;
    const turns = [
      turn('agent', 0, 1000),
      turn('user', 1500, 3000),
      turn('agent', 3000, 3000, true),
      turn('agent', 3650, 5000),
      turn('user', 5400, 8000),
      turn('agent', 7200, 9000),
    ];
    expect(latencyMarks(turns)).toEqual([
      { kind: 'latency', fromMs: 3000, toMs: 3650, ms: 650, userTurn: 1, agentTurn: 3 },
      { kind: 'interruption', by: 'agent', fromMs: 7200, toMs: 8000, ms: 800, turn: 5, interrupted: 4 },
    ]);
  });

  it('measures only the last of consecutive user turns, and skips turns without times', () => {
    n = 0;
    const turns = [turn('user', 0, 500), turn('user', 800, 1200), turn('user', null, null), turn('agent', 2000, 2500)];
    expect(latencyMarks(turns)).toEqual([{ kind: 'latency', fromMs: 1200, toMs: 2000, ms: 800, userTurn: 1, agentTurn: 3 }]);
  });
});

describe('overlappingTurns', () => {
  it('marks turns that start while the other speaker is still talking', () => {
    n = 0;
    const turns = [turn('user', 0, 2000), turn('agent', 1500, 3000), turn('user', 2900, 4000), turn('agent', 5000, 6000)];
    expect([...overlappingTurns(turns)]).toEqual([1, 2]);
  });
});
