import { describe, expect, it } from 'vitest';
import { framesToSegments } from './segments';

const flags = (s: string) => Array.from(s, (c) => (c === '#' ? 1 : 0));

describe('framesToSegments', () => {
  it('turns runs of speech frames into segments in milliseconds', () => {
    expect(framesToSegments(flags('..###....##'), 10, { minGapMs: 0, minSpeechMs: 0 })).toEqual([
      { startMs: 20, endMs: 50 },
      { startMs: 90, endMs: 110 },
    ]);
  });

  it('bridges pauses shorter than minGapMs and keeps longer ones', () => {
    const f = flags('###..###.....###');
    expect(framesToSegments(f, 10, { minGapMs: 30, minSpeechMs: 0 })).toEqual([
      { startMs: 0, endMs: 80 },
      { startMs: 130, endMs: 160 },
    ]);
  });

  it('drops blips shorter than minSpeechMs after bridging, and shifts by the offset', () => {
    const f = flags('#.....######');
    expect(framesToSegments(f, 20, { minGapMs: 20, minSpeechMs: 60 }, 1000)).toEqual([{ startMs: 1120, endMs: 1240 }]);
  });

  it('gives nothing for silence', () => {
    expect(framesToSegments(flags('......'), 10)).toEqual([]);
  });
});
