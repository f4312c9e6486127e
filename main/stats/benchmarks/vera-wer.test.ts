/** VERA word error rates per system and track on hand-aligned pairs; each count is worked out in the comments. */
import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap';
import { veraWordErrors, type WerResponse } from './vera-wer';

const order = (a: string, b: string) => a.localeCompare(b);
const boot = { resamples: 300, seed: 3 };

/**
 * - i1 (math): "The answer is 42." vs "the answer is forty two": after normalization both are
 *   `the answer is forty two` (5 words, digits spelled out, case and punctuation dropped): 0 errors.
 * - i2 (web): "Paris is the capital" vs "Paris is a capital": 1 substitution of 4 words.
 * - i3 (web): "Yes" vs "yes, yes": 1 insertion of 1 word.
 * - i4 (math): no transcript stored: counted as without.
 */
const responses: WerResponse[] = [
  {
    system: 'v',
    item: 'i1',
    track: 'math',
    pairs: [{ reference: 'The answer is 42.', hypothesis: 'the answer is forty two' }],
  },
  {
    system: 'v',
    item: 'i2',
    track: 'web',
    pairs: [{ reference: 'Paris is the capital', hypothesis: 'Paris is a capital' }],
  },
  { system: 'v', item: 'i3', track: 'web', pairs: [{ reference: 'Yes', hypothesis: 'yes, yes' }] },
  { system: 'v', item: 'i4', track: 'math', pairs: [] },
  { system: 'silent', item: 'i1', track: 'math', pairs: [] },
];

describe('veraWordErrors', () => {
  const rows = veraWordErrors(responses, 'answer', order, boot);

  it('one row per system with a pair; a system without any has none', () => {
    expect(rows.map((r) => [r.system, r.kind, r.responses, r.without])).toEqual([['v', 'answer', 3, 1]]);
  });

  it('overall: (0 + 1 + 1) errors over (5 + 4 + 1) reference words = 0.2', () => {
    const { overall } = rows[0];
    expect([overall.referenceWords, overall.substitutions, overall.deletions, overall.insertions]).toEqual([
      10, 1, 0, 1,
    ]);
    expect(overall.wer).toBeCloseTo(0.2, 12);
    expect(overall.interval.estimate).toBeCloseTo(0.2, 12);
    expect([overall.items, overall.pairs]).toEqual([3, 3]);
  });

  it('per track: math 0/5 = 0, web (1 + 1)/(4 + 1) = 0.4', () => {
    expect(rows[0].tracks.map((t) => [t.track, t.referenceWords, t.wer, t.items])).toEqual([
      ['math', 5, 0, 1],
      ['web', 5, 0.4, 2],
    ]);
  });

  it('the interval resamples items: the same as clusterBootstrap of the pooled WER over the items', () => {
    // Per item: [errors, reference words] = i1 [0, 5], i2 [1, 4], i3 [1, 1].
    const counts: Record<string, [number, number]> = { i1: [0, 5], i2: [1, 4], i3: [1, 1] };
    const items = ['i1', 'i2', 'i3'];
    const pooled = (rows: string[]) =>
      rows.reduce((e, i) => e + counts[i][0], 0) / rows.reduce((n, i) => n + counts[i][1], 0);
    const direct = clusterBootstrap(items, (i) => i, pooled, boot);
    const { interval } = rows[0].overall;
    expect([interval.low, interval.high]).toEqual([direct.low, direct.high]);
  });
});
