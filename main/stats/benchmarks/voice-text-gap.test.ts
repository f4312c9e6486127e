import { describe, expect, it } from 'vitest';
import type { VeraGrade, VeraGradeLabel } from './vera-grade';
import { voiceTextGap } from './voice-text-gap';

const grade = (system: string, item: string, value: VeraGradeLabel | null): VeraGrade => ({ item, track: 'web', system, grade: value });

/** Builds paired grades: n items per (text, voice) outcome combination. */
function build(cells: [text: VeraGradeLabel, voice: VeraGradeLabel, n: number][]): { voice: VeraGrade[]; text: VeraGrade[] } {
  const voice: VeraGrade[] = [];
  const text: VeraGrade[] = [];
  let i = 0;
  for (const [t, v, n] of cells) {
    for (let k = 0; k < n; k += 1, i += 1) {
      text.push(grade('text-model', `q${i}`, t));
      voice.push(grade('voice-model', `q${i}`, v));
    }
  }
  return { voice, text };
}

describe('voiceTextGap', () => {
  // 25 pairs: text right & voice wrong 10 (b), voice right & text wrong 2 (c), both right 8, both wrong 5.
  // text = 18/25 = 0.72, voice = 10/25 = 0.40, gap = 0.32; exact McNemar p = 158/4096 = 0.0386.
  // Paired normal check: d ∈ {+1 ×10, −1 ×2, 0 ×13}, var = 12/25 − 0.32² = 0.3776, se = √(0.3776/25) = 0.1229
  // → 0.32 ± 0.241 = [0.079, 0.561]; the percentile interval must land within 0.05 of both ends.
  const { voice, text } = build([
    ['CORRECT', 'INCORRECT', 10],
    ['INCORRECT', 'CORRECT', 2],
    ['CORRECT', 'CORRECT', 8],
    ['INCORRECT', 'INCORRECT', 5],
  ]);

  it('pairs by item and tests the discordant pairs', () => {
    const r = voiceTextGap(voice, text, { resamples: 4000, seed: 3 });
    expect(r.pairs).toBe(25);
    expect(r.unpaired).toBe(0);
    expect(r.textAccuracy).toBeCloseTo(0.72, 14);
    expect(r.voiceAccuracy).toBeCloseTo(0.4, 14);
    expect(r.gap).toBeCloseTo(0.32, 14);
    expect([r.test.b, r.test.c]).toEqual([10, 2]);
    expect(r.test.exactP).toBeCloseTo(0.0386, 4);
    expect(r.test.chiSquareP).toBeCloseTo(0.0433, 4);
    expect(Math.abs(r.interval!.low! - 0.079)).toBeLessThan(0.05);
    expect(Math.abs(r.interval!.high! - 0.561)).toBeLessThan(0.05);
    expect(r.interval!.estimate).toBeCloseTo(0.32, 14);
  });

  it('handles NOT_ATTEMPTED by policy and reports unpaired items', () => {
    const na = build([
      ['CORRECT', 'NOT_ATTEMPTED', 1],
      ['CORRECT', 'CORRECT', 1],
    ]);
    na.voice.push(grade('voice-model', 'only-voice', 'CORRECT'));
    na.text.push(grade('text-model', 'ungraded', null));
    na.voice.push(grade('voice-model', 'ungraded', 'CORRECT'));
    // default: NOT_ATTEMPTED = wrong → 2 pairs, gap = (2 − 1)/2 = 0.5; unpaired: only-voice + ungraded = 2
    const counted = voiceTextGap(na.voice, na.text, { resamples: 50 });
    expect([counted.pairs, counted.unpaired, counted.gap, counted.test.b]).toEqual([2, 2, 0.5, 1]);
    // exclude: the NOT_ATTEMPTED pair drops → 1 pair, gap 0; unpaired 3
    const excluded = voiceTextGap(na.voice, na.text, { resamples: 50, notAttempted: 'exclude' });
    expect([excluded.pairs, excluded.unpaired, excluded.gap]).toEqual([1, 3, 0]);
  });

  it('returns nulls without pairs and refuses duplicate items', () => {
    const none = voiceTextGap([grade('v', 'a', 'CORRECT')], [grade('t', 'b', 'CORRECT')]);
    expect([none.pairs, none.gap, none.interval, none.test.exactP]).toEqual([0, null, null, 1]);
    expect(() => voiceTextGap([grade('v', 'a', 'CORRECT'), grade('v', 'a', 'INCORRECT')], [])).toThrow(/twice/);
  });
});
