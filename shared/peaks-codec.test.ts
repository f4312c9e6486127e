import { describe, expect, it } from 'vitest';
import { decodePeaks, overviewBytes, peakBytes } from './peaks-codec';
import type { AudioPeaks } from './domain';

const peaksOf = (channels: number[][]): AudioPeaks => ({
  assetId: 1,
  channels: channels.length,
  buckets: channels[0].length,
  data: Buffer.from(channels.flat()).toString('base64'),
  peaksPerSecond: 10,
  durationMs: (channels[0].length / 10) * 1000,
});

describe('peaks codec', () => {
  it('reads the stored bytes back, channel after channel', () => {
    expect([...peakBytes(peaksOf([[0, 1, 255], [7, 8, 9]]))]).toEqual([0, 1, 255, 7, 8, 9]);
  });

  it('decodes every bucket to [0, 1] when there are no more than asked for', () => {
    const lanes = decodePeaks(peaksOf([[0, 51, 255], [255, 0, 102]]), 3);
    expect(lanes.map((l) => [...l])).toEqual([[0, 0.2, 1], [1, 0, 0.4]].map((l) => l.map((v) => Math.fround(v))));
  });

  it('keeps the loudest stored bucket of each span when it has to return fewer', () => {
    const user = [1, 9, 3, 4, 0, 2, 8, 5, 6, 7];
    const agent = user.map((v) => 10 - v);
    const [u, a] = decodePeaks(peaksOf([user, agent]), 4);
    // spans of 10 buckets into 4: [0, 2), [2, 5), [5, 7), [7, 10)
    expect([...u].map((v) => Math.round(v * 255))).toEqual([9, 4, 8, 7]);
    expect([...a].map((v) => Math.round(v * 255))).toEqual([9, 10, 8, 5]);
  });

  it('cuts channel-major bytes lane by lane, and returns short ones as they are', () => {
    const bytes = new Uint8Array([1, 9, 3, 4, 0, 2, 8, 5, 6, 7, 9, 1, 7, 6, 10, 8, 2, 5, 4, 3]);
    expect([...overviewBytes(bytes, 2, 10, 4)]).toEqual([9, 4, 8, 7, 9, 10, 8, 5]);
    expect(overviewBytes(bytes, 2, 10, 10)).toBe(bytes);
  });
});
