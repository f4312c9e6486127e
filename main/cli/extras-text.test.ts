/** `--tolerance-ms` and `--hayes-krippendorff` parsing, and the text lines of time, region and set agreement. */
import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from './args';
import { extrasLines } from './extras-text';

describe('agreement options and text', () => {
  it('parses --tolerance-ms N and --hayes-krippendorff, refusing a tolerance that is not a whole number of ms', () => {
    const o = parseCliArgs(['--tolerance-ms', '250', '--hayes-krippendorff']);
    expect(o.toleranceMs).toBe(250);
    expect(o.hayesKrippendorff).toBe(true);
    expect(() => parseCliArgs(['--tolerance-ms', '-5'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--tolerance-ms', '1.5'])).toThrow(/--tolerance-ms must be a whole number/);
  });

  it('prints the tolerance, the pair counts by kind and the per-category region figures', () => {
    const interval = {
      estimate: 3 / 7,
      low: 0.1,
      high: 0.8,
      resamples: 100,
      undefinedResamples: 0,
      seed: 1,
      confidence: 0.95,
    };
    const lines = extrasLines({
      firstError: {
        toleranceMs: 500,
        items: 3,
        pairs: 7,
        bothMarked: 4,
        withinTolerance: 2,
        bothAbsent: 1,
        oneAbsent: 2,
        agreement: interval,
        markedAgreement: 0.5,
        medianDifferenceMs: 850,
        intervalAlpha: 0.25,
        markedItems: 2,
      },
      regions: {
        toleranceMs: 500,
        calls: 2,
        continuumMs: 20_000,
        alpha: 0.6,
        categories: [
          {
            category: 'overlap',
            units: 2,
            observed: 0.1,
            expected: 0.2,
            alpha: 0.5,
            regions: 4,
            matched: 1,
            matchAgreement: 0.5,
            bothAbsent: 4,
            oneAbsent: 2,
            medianOnsetDifferenceMs: 100,
          },
        ],
      },
      sets: null,
    });
    expect(lines[0]).toMatch(/first error within ±500 ms: 0\.429 \[0\.100, 0\.800\] of 7 rater pairs on 3 calls/);
    expect(lines[1]).toMatch(/both marked 4 \(within 2\), both no error 1, one only 2; median difference 850 ms/);
    expect(lines.join('\n')).toMatch(/"overlap": alpha_u 0\.500, matched within ±500 ms 0\.500 \(1 of 4 regions/);
    expect(extrasLines(null)).toEqual([]);
  });

  it('prints the MASI and Jaccard α of label sets with their bootstrap intervals', () => {
    const interval = (estimate: number, low: number, high: number) => ({
      estimate,
      low,
      high,
      resamples: 100,
      undefinedResamples: 0,
      seed: 1,
      confidence: 0.95,
    });
    const sets = {
      pairableItems: 9,
      masiAlpha: interval(0.535, 0.235, 0.761),
      jaccardAlpha: interval(0.57, 0.27, 0.792),
    };
    expect(extrasLines({ firstError: null, regions: null, sets })).toEqual([
      '  label sets (9 items): MASI alpha 0.535 [0.235, 0.761], Jaccard alpha 0.570 [0.270, 0.792]',
    ]);
  });
});
