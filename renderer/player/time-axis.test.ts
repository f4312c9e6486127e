import { describe, expect, it } from 'vitest';
import { axisLabel, axisMarks, axisSteps, MIN_LABEL_PX } from './time-axis';

const labels = (from: number, to: number, duration: number, pxPerSec: number) =>
  axisMarks(from, to, duration, pxPerSec).flatMap((m) => (m.label === null ? [] : [m.label]));

describe('the waveform time axis', () => {
  it('labels a short call every second or so, not only at 0', () => {
    // A 3-second call fitted into 1,000 px: 333 px a second.
    expect(labels(0, 3, 3, 333)).toEqual(['0:00.0', '0:00.5', '0:01.0', '0:01.5', '0:02.0', '0:02.5', '0:03.0']);
  });

  it('labels a zoomed window several times, whatever the zoom', () => {
    for (const pxPerSec of [8, 25, 60, 140, 400, 2000]) {
      const widthS = 1000 / pxPerSec;
      const shown = labels(100, 100 + widthS, 3600, pxPerSec);
      expect(shown.length, `${pxPerSec} px/s`).toBeGreaterThanOrEqual(5);
      expect(new Set(shown).size).toBe(shown.length);
      expect(axisSteps(pxPerSec).labelS * pxPerSec).toBeGreaterThanOrEqual(MIN_LABEL_PX);
    }
    expect(labels(12, 22, 60, 100)).toEqual([
      '0:12',
      '0:13',
      '0:14',
      '0:15',
      '0:16',
      '0:17',
      '0:18',
      '0:19',
      '0:20',
      '0:21',
      '0:22',
    ]);
  });

  it('ticks between labels, and stops at the end of the call', () => {
    const marks = axisMarks(0, 100, 4.3, 100);
    expect(marks.map((m) => m.seconds.toFixed(1))).toEqual([
      '0.0',
      '0.2',
      '0.4',
      '0.6',
      '0.8',
      '1.0',
      '1.2',
      '1.4',
      '1.6',
      '1.8',
      '2.0',
      '2.2',
      '2.4',
      '2.6',
      '2.8',
      '3.0',
      '3.2',
      '3.4',
      '3.6',
      '3.8',
      '4.0',
      '4.2',
    ]);
    expect(marks.filter((m) => m.label).map((m) => m.label)).toEqual(['0:00', '0:01', '0:02', '0:03', '0:04']);
  });

  it('writes minutes and hours like the status bar', () => {
    expect([axisLabel(65, 5), axisLabel(3725, 60), axisLabel(59.96, 0.5), axisLabel(0, 10)]).toEqual([
      '1:05',
      '1:02:05',
      '1:00.0',
      '0:00',
    ]);
  });
});
