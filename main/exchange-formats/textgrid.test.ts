import { describe, expect, it } from 'vitest';
import { readTextGrid } from './textgrid-read';
import { writeTextGrid } from './textgrid-write';
import type { TierDocument } from './tiers';

/** The long-format example of the Praat manual's page "TextGrid file formats" (manual/TextGrid_file_formats.html). */
const PRAAT_LONG = `File type = "ooTextFile"
Object class = "TextGrid"

xmin = 0 
xmax = 2.3 
tiers? <exists> 
size = 3 
item []: 
    item [1]:
        class = "IntervalTier" 
        name = "sentence" 
        xmin = 0 
        xmax = 2.3 
        intervals: size = 1 
        intervals [1]:
            xmin = 0 
            xmax = 2.3 
            text = "říkej ""ahoj"" dvakrát" 
    item [2]:
        class = "IntervalTier" 
        name = "phonemes" 
        xmin = 0 
        xmax = 2.3 
        intervals: size = 3 
        intervals [1]:
            xmin = 0 
            xmax = 0.7 
            text = "r̝iːkɛj" 
        intervals [2]:
            xmin = 0.7 
            xmax = 1.6 
            text = "" 
        intervals [3]:
            xmin = 1.6 
            xmax = 2.3 
            text = "ʔaɦɔj" 
    item [3]:
        class = "TextTier" 
        name = "bell" 
        xmin = 0 
        xmax = 2.3 
        points: size = 2 
        points [1]:
            number = 0.9 
            mark = "ding" 
        points [2]:
            number = 1.3 
            mark = "dong" 
`;

/** The same TextGrid in the short format, as the same manual page gives it. */
const PRAAT_SHORT = `File type = "ooTextFile"
Object class = "TextGrid"

0
2.3
<exists>
3
"IntervalTier"
"sentence"
0
2.3
1
0
2.3
"říkej ""ahoj"" dvakrát"
"IntervalTier"
"phonemes"
0
2.3
3
0
0.7
"r̝iːkɛj"
0.7
1.6
""
1.6
2.3
"ʔaɦɔj"
"TextTier"
"bell"
0
2.3
2
0.9
"ding"
1.3
"dong"
`;

const strip = (doc: TierDocument) =>
  doc.tiers.map((t) => ({ name: t.name, intervals: t.intervals.map(({ site: _s, ...i }) => i) }));

const EXPECTED = [
  { name: 'sentence', intervals: [{ startMs: 0, endMs: 2300, text: 'říkej "ahoj" dvakrát' }] },
  {
    name: 'phonemes',
    intervals: [
      { startMs: 0, endMs: 700, text: 'r̝iːkɛj' },
      { startMs: 1600, endMs: 2300, text: 'ʔaɦɔj' },
    ],
  },
];

describe('Praat TextGrids', () => {
  it('reads the manual’s long and short examples alike: interval tiers, doubled quotes, gaps left out', () => {
    const long = readTextGrid(PRAAT_LONG, 'ahoj.TextGrid');
    expect(long.durationMs).toBe(2300);
    expect(strip(long)).toEqual(EXPECTED);
    expect(long.notes).toEqual(['tier "bell" is a point tier (TextTier): its 2 points are not intervals, left out']);
    expect(long.tiers[1].intervals[1].site).toBe('line 36, tier "phonemes", intervals [3]');
    const short = readTextGrid(PRAAT_SHORT, 'ahoj.TextGrid');
    expect(strip(short)).toEqual(EXPECTED);
    expect(short.notes).toEqual(long.notes);
  });

  it('writes the long format, gaps as empty intervals as in Praat’s example, and reads it back', () => {
    const doc: TierDocument = {
      durationMs: 5000,
      tiers: [
        { name: 'user', intervals: [{ startMs: 500, endMs: 1500, text: 'say "hi"\nthen <b>=1+1</b>' }] },
        {
          name: 'A/regions',
          intervals: [
            { startMs: 0, endMs: 3000, text: 'x' },
            { startMs: 1000, endMs: 2000, text: 'y' },
          ],
        },
      ],
    };
    const text = writeTextGrid(doc);
    expect(
      text.startsWith(
        'File type = "ooTextFile"\nObject class = "TextGrid"\n\nxmin = 0 \nxmax = 5 \ntiers? <exists> \nsize = 3 \n',
      ),
    ).toBe(true);
    expect(text).toContain(
      '        intervals: size = 3 \n        intervals [1]:\n            xmin = 0 \n' +
        '            xmax = 0.5 \n            text = "" ',
    );
    expect(text).toContain('text = "say ""hi""\nthen <b>=1+1</b>" ');
    const back = readTextGrid(text, 'out.TextGrid');
    expect(back.durationMs).toBe(5000);
    expect(strip(back)).toEqual([
      doc.tiers[0],
      { name: 'A/regions', intervals: [doc.tiers[1].intervals[0]] },
      { name: 'A/regions (2)', intervals: [doc.tiers[1].intervals[1]] },
    ]);
  });

  it('refuses the binary format, other objects and broken values, naming line and field', () => {
    expect(() => readTextGrid('File type = "ooBinaryFile"\n', 't.TextGrid')).toThrow(
      /line 1: File type: "ooBinaryFile"/,
    );
    expect(() => readTextGrid('File type = "ooTextFile"\nObject class = "Sound"\n', 't.TextGrid')).toThrow(
      't.TextGrid: line 2: Object class: "Sound" is not a TextGrid',
    );
    expect(() => readTextGrid(PRAAT_LONG.replace('xmax = 0.7 ', 'xmax = "soon" '), 't.TextGrid')).toThrow(
      /t\.TextGrid: line 27: tier "phonemes", intervals \[1\] xmax: expected a number/,
    );
    expect(() => readTextGrid('File type = "ooTextFile"\nObject class = "TextGrid\n0\n', 't.TextGrid')).toThrow(
      't.TextGrid: line 2: text: a quoted text is not closed',
    );
    expect(() => readTextGrid(PRAAT_SHORT.slice(0, PRAAT_SHORT.indexOf('"phonemes"')), 't.TextGrid')).toThrow(
      /end of file/,
    );
  });
});
