import { describe, expect, it } from 'vitest';
import { clipWindow } from './clip-window';
import { callActivity } from './call-activity';
import type { Turn } from '../../../shared/domain';

describe('clipWindow', () => {
  it('keeps 4 s before a moment and 6 s after, 3 s around a region, and the first 60 s of a whole call', () => {
    expect(clipWindow({ startMs: 20_000, endMs: null }, 100_000)).toEqual({ startMs: 16_000, endMs: 26_000 });
    expect(clipWindow({ startMs: 20_000, endMs: 25_000 }, 100_000)).toEqual({ startMs: 17_000, endMs: 28_000 });
    expect(clipWindow({ startMs: null, endMs: null }, 100_000)).toEqual({ startMs: 0, endMs: 60_000 });
  });

  it('clamps to the call and caps a long region at 60 s from its start', () => {
    expect(clipWindow({ startMs: 1000, endMs: null }, 4000)).toEqual({ startMs: 0, endMs: 4000 });
    expect(clipWindow({ startMs: 10_000, endMs: 200_000 }, null)).toEqual({ startMs: 7000, endMs: 73_000 });
  });
});

describe('callActivity', () => {
  const turn = (index: number, speaker: Turn['speaker'], startMs: number, endMs: number): Turn => ({
    id: index,
    index,
    speaker,
    startMs,
    endMs,
    text: '',
    words: null,
    tool: null,
  });

  it('finds the overlap and the latencies: a barge-in is an overlap, not a latency', () => {
    const a = callActivity([
      turn(0, 'user', 0, 2000),
      turn(1, 'agent', 2600, 5000),
      turn(2, 'user', 4500, 6000),
      turn(3, 'agent', 6400, 8000),
    ]);
    expect(a.overlaps).toEqual([{ fromMs: 4500, toMs: 5000 }]);
    expect(a.latencies).toEqual([
      { fromMs: 2000, toMs: 2600 },
      { fromMs: 6000, toMs: 6400 },
    ]);
    expect(a.endMs).toBe(8000);
  });
});
