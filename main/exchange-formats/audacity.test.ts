import { describe, expect, it } from 'vitest';
import { readAudacityLabels, writeAudacityLabels } from './audacity';
import { labelsToTiers, tiersToLabels } from './audacity-tiers';

/**
 * A label track as Audacity 3 exports one (File > Export > Export Labels; the Audacity manual's "Label Tracks" page
 * and LabelTrack.cpp's LabelStruct::Export): times with six decimals, a point label with equal times, and a label
 * with a spectral selection followed by its `\` band line.
 */
const AUDACITY_EXPORTED =
  '1.200000\t3.400000\tagent talks over the caller\n' +
  '5.000000\t5.000000\tclick\n' +
  '6.250000\t7.500000\thum\n' +
  '\\\t120.000000\t340.500000\n';

describe('Audacity label tracks', () => {
  it('reads an exported track, the extended form’s band lines going to the label above them', () => {
    const labels = readAudacityLabels(AUDACITY_EXPORTED, 'labels.txt', 1000);
    expect(labels).toEqual([
      { startMs: 1200, endMs: 3400, text: 'agent talks over the caller', site: 'line 1' },
      { startMs: 5000, endMs: 5000, text: 'click', site: 'line 2' },
      { startMs: 6250, endMs: 7500, text: 'hum', site: 'line 3', band: { lowHz: 120, highHz: 340.5 } },
    ]);
  });

  it('writes what Audacity writes, and reads its own output back whole', () => {
    const labels = readAudacityLabels(AUDACITY_EXPORTED, 'labels.txt', 1000).map(({ site: _s, ...l }) => l);
    expect(writeAudacityLabels(labels)).toBe(AUDACITY_EXPORTED);
    const hostile = [{ startMs: 0, endMs: 10, text: '=HYPERLINK("x")\t<script>\nline two' }];
    expect(readAudacityLabels(writeAudacityLabels(hostile), 'h.txt', 1000)[0].text).toBe(
      '=HYPERLINK("x") <script> line two',
    );
  });

  it('refuses bad times, reversed labels, bad bands and long labels, naming line and field', () => {
    expect(() => readAudacityLabels('1\t2\tok\nsoon\t3\tx\n', 'l.txt', 9)).toThrow(
      'l.txt: line 2: start: expected a time in seconds',
    );
    expect(() => readAudacityLabels('3\t2\tx', 'l.txt', 9)).toThrow('l.txt: line 1: end: ends before it starts');
    expect(() => readAudacityLabels('1\t2\tx\n\\\t300\tlow', 'l.txt', 9)).toThrow(
      'l.txt: line 2: high: expected a frequency in Hz',
    );
    expect(() => readAudacityLabels('1\t2\tx\n\\\t300\t100', 'l.txt', 9)).toThrow(/line 2: high: the band ends below/);
    expect(() => readAudacityLabels('1\t2\tten chars!', 'l.txt', 9)).toThrow(
      /line 1: text: 10 characters, more than the 9/,
    );
  });

  it('carries tiers by name in front of each label; labels naming no tier are regions', () => {
    const doc = {
      durationMs: 4000,
      tiers: [
        { name: 'user', intervals: [{ startMs: 0, endMs: 1000, text: 'hi' }] },
        { name: 'Ana Lima/regions', intervals: [{ startMs: 500, endMs: 900, text: 'user: not a turn' }] },
      ],
    };
    const labels = tiersToLabels(doc);
    expect(labels.map((l) => l.text)).toEqual(['user: hi', 'Ana Lima/regions: user: not a turn']);
    const back = labelsToTiers([
      ...labels,
      { startMs: 2000, endMs: 3000, text: 'hand-made', band: { lowHz: 1, highHz: 2 } },
    ]);
    expect(back.tiers).toEqual([
      { name: 'user', intervals: [{ startMs: 0, endMs: 1000, text: 'hi' }] },
      { name: 'Ana Lima/regions', intervals: [{ startMs: 500, endMs: 900, text: 'user: not a turn' }] },
      {
        name: 'regions',
        intervals: [{ startMs: 2000, endMs: 3000, text: 'hand-made', band: { lowHz: 1, highHz: 2 } }],
      },
    ]);
    expect(back.notes).toEqual(["1 labels' frequency bands: regions have no band, left out"]);
  });
});
