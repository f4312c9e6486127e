import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../shared/domain';
import { axisLabel, axisTicks, hasTimedSpeech, speechActivity, timelineSpanMs } from './speech-activity';
import { transcriptClickMs } from './transcript-click';

let next = 0;
const turn = (speaker: Turn['speaker'], startMs: number | null, endMs: number | null, tool?: string): Turn => ({
  id: next,
  index: next++,
  speaker,
  startMs,
  endMs,
  text: '',
  words: null,
  tool: tool ? { name: tool, arguments: {}, result: null } : null,
});

describe('speech activity from turn times', () => {
  const turns = [
    turn('user', 0, 2000),
    turn('agent', 2600, 5000),
    turn('agent', 2700, null, 'get_order'),
    turn('user', 4400, 5400),
    turn('agent', 7000, 9000),
    turn('tool', 7100, 7200),
  ];

  it('makes a bar of every timed user and agent turn, and a mark of every timed tool call', () => {
    const a = speechActivity(turns, null)!;
    expect(a.bars.map((b) => [b.at, b.side, b.startMs, b.endMs])).toEqual([
      [0, 'user', 0, 2000],
      [1, 'agent', 2600, 5000],
      [3, 'user', 4400, 5400],
      [4, 'agent', 7000, 9000],
    ]);
    expect(a.tools).toEqual([{ at: 2, side: 'agent', atMs: 2700, name: 'get_order' }]);
    expect(a.durationMs).toBe(9000);
    expect(speechActivity(turns, 12_000)!.durationMs).toBe(12_000);
  });

  it('marks the response latency, the overlap, and silences of a second or more', () => {
    const a = speechActivity(turns, null)!;
    expect(a.marks.map((m) => [m.kind, m.fromMs, m.toMs])).toEqual([
      ['latency', 2000, 2600],
      ['latency', 5400, 7000],
      ['interruption', 4400, 5000],
    ]);
    expect(a.silences).toEqual([{ fromMs: 5400, toMs: 7000 }]);
  });

  it('draws nothing for a call whose turns carry no times', () => {
    const untimed = [turn('agent', null, null), turn('user', 100, 100), turn('agent', 0, null, 'end_call')];
    expect(hasTimedSpeech(untimed)).toBe(false);
    expect(speechActivity(untimed, 5000)).toBeNull();
    expect(hasTimedSpeech(turns)).toBe(true);
  });
});

describe('the time axis', () => {
  it('labels the finest step that leaves room between labels, on short and long calls', () => {
    expect(axisTicks(743_000, 900)).toEqual({ stepMs: 60_000, ticks: [...Array(13).keys()].map((i) => i * 60_000) });
    expect(axisTicks(3000, 900).stepMs).toBe(500);
    expect(axisTicks(800, 900).ticks).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800]);
    expect(axisTicks(0, 900).ticks).toEqual([0]);
  });

  it('writes m:ss, tenths under a one-second step, and hours past an hour', () => {
    expect([axisLabel(90_000, 30_000), axisLabel(500, 500), axisLabel(3_725_000, 600_000)]).toEqual([
      '1:30',
      '0:00.5',
      '1:02:05',
    ]);
  });
});

describe('a click on the transcript', () => {
  it('points at the start of the timed turn it landed in, and at no time elsewhere', () => {
    const inTurn = { closest: (s: string) => (s === '.turn[data-start-ms]' ? { dataset: { startMs: '2600' } } : null) };
    expect(transcriptClickMs(inTurn as unknown as EventTarget)).toBe(2601);
    expect(transcriptClickMs({ closest: () => null } as unknown as EventTarget)).toBeNull();
    expect(transcriptClickMs(null)).toBeNull();
  });
});

describe('how long the timeline runs', () => {
  it('runs over a τ² call’s ticks, not its wall-clock duration; else over the call', () => {
    const info = { tickDurationMs: 200, tickRuns: [[0, 5, 0, 0, null, null, 0, 0], [5, 968, 1, 0, null, null, 0, 0]] };
    expect(timelineSpanMs(info, 352_875)).toBe(194_600);
    expect(timelineSpanMs({}, 352_875)).toBe(352_875);
    expect(timelineSpanMs({ tickDurationMs: 200, tickRuns: [] }, null)).toBeNull();
    expect(timelineSpanMs({ tickDurationMs: 200, tickRuns: [['x']] }, 9)).toBe(9);
  });
});
