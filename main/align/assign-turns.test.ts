import { describe, expect, it } from 'vitest';
import { assignTurns, turnWeight } from './assign-turns';

const seg = (startMs: number, endMs: number) => ({ startMs, endMs });

describe('assignTurns', () => {
  it('gives each turn its own segment when the counts match', () => {
    const spans = assignTurns([20, 40, 10], [seg(1000, 2000), seg(5000, 7000), seg(9000, 9500)]);
    expect(spans).toEqual([seg(1000, 2000), seg(5000, 7000), seg(9000, 9500)]);
  });

  it('merges the pieces of a turn the VAD cut at a short pause', () => {
    const spans = assignTurns([40, 40], [seg(0, 1200), seg(1600, 2800), seg(6000, 8400)]);
    expect(spans).toEqual([seg(0, 2800), seg(6000, 8400)]);
  });

  it('splits one segment between turns said without a pause, by their text length', () => {
    const spans = assignTurns([30, 10, 40], [seg(0, 4000), seg(8000, 12000)]);
    expect(spans).toEqual([seg(0, 3000), seg(3000, 4000), seg(8000, 12000)]);
  });

  it('leaves out a short burst of noise between turns', () => {
    const spans = assignTurns([30, 30], [seg(0, 3000), seg(4000, 4150), seg(7000, 10000)]);
    expect(spans).toEqual([seg(0, 3000), seg(7000, 10000)]);
  });

  it('is monotonic: every turn starts where or after the previous one ended', () => {
    const segments = Array.from({ length: 23 }, (_, i) => seg(i * 1500, i * 1500 + 400 + ((i * 37) % 900)));
    const weights = Array.from({ length: 17 }, (_, i) => 5 + ((i * 13) % 40));
    const spans = assignTurns(weights, segments)!;
    expect(spans).toHaveLength(17);
    for (let i = 1; i < spans.length; i++) expect(spans[i].startMs).toBeGreaterThanOrEqual(spans[i - 1].endMs);
    for (const s of spans) expect(s.endMs).toBeGreaterThanOrEqual(s.startMs);
  });

  it('cannot place turns on a lane without speech, and places no turns trivially', () => {
    expect(assignTurns([10], [])).toBeNull();
    expect(assignTurns([], [seg(0, 100)])).toEqual([]);
  });

  it('weighs a turn by its text plus a floor', () => {
    expect(turnWeight('  Yes ')).toBe(11);
    expect(turnWeight('')).toBe(8);
  });
});
