import { describe, expect, it } from 'vitest';
import { percentileBootstrap } from './bootstrap';
import type { VeraGrade, VeraGradeLabel } from './vera-grade';
import { pairGrades, voiceTextGaps, type GapPair } from './voice-text-gap';

const grade = (system: string, item: string, value: VeraGradeLabel | null, track = 'web'): VeraGrade => ({ item, track, system, grade: value });

/** Builds paired grades on one track: n items per (text, voice) outcome combination. */
function build(cells: [text: VeraGradeLabel, voice: VeraGradeLabel, n: number][], track = 'web'): { voice: VeraGrade[]; text: VeraGrade[] } {
  const voice: VeraGrade[] = [];
  const text: VeraGrade[] = [];
  for (const [t, v, n] of cells) {
    for (let k = 0; k < n; k += 1) {
      const item = `${track}-${text.length}`;
      text.push(grade('text-model', item, t, track));
      voice.push(grade('voice-model', item, v, track));
    }
  }
  return { voice, text };
}

describe('pooled voice–text gap (VERA, Lin et al. arXiv 2509.26542, voice vs text)', () => {
  // 25 pairs: text right & voice wrong 10 (b), voice right & text wrong 2 (c), both right 8, both wrong 5.
  // text = 18/25 = 0.72, voice = 10/25 = 0.40, gap = 0.32; exact McNemar p = 158/4096 = 0.0386 (scipy binomtest).
  // Paired normal check: d ∈ {+1 ×10, −1 ×2, 0 ×13}, var = 12/25 − 0.32² = 0.3776, se = √(0.3776/25) = 0.1229
  // → 0.32 ± 0.241 = [0.079, 0.561]; the percentile interval must land within 0.05 of both ends.
  const { voice, text } = build([
    ['CORRECT', 'INCORRECT', 10],
    ['INCORRECT', 'CORRECT', 2],
    ['CORRECT', 'CORRECT', 8],
    ['INCORRECT', 'INCORRECT', 5],
  ]);

  it('pairs by item and tests the discordant pairs', () => {
    const r = voiceTextGaps(pairGrades(voice, text), { resamples: 4000, seed: 3 }).pooled;
    expect(r.pairs).toBe(25);
    expect(r.textAccuracy).toBeCloseTo(0.72, 14);
    expect(r.voiceAccuracy).toBeCloseTo(0.4, 14);
    expect(r.gap).toBeCloseTo(0.32, 14);
    expect([r.test!.b, r.test!.c]).toEqual([10, 2]);
    expect(r.test!.exactP).toBeCloseTo(0.0386, 4);
    expect(r.test!.chiSquareP).toBeCloseTo(0.0433, 4);
    expect(Math.abs(r.interval!.low! - 0.079)).toBeLessThan(0.05);
    expect(Math.abs(r.interval!.high! - 0.561)).toBeLessThan(0.05);
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
    const counted = voiceTextGaps(pairGrades(na.voice, na.text), { resamples: 50 });
    expect([counted.pooled.pairs, counted.unpaired, counted.pooled.gap]).toEqual([2, 2, 0.5]);
    // two pairs are below the minimum cell size: shown, greyed, not tested
    expect([counted.pooled.belowMinimum, counted.pooled.test]).toEqual([true, null]);
    // exclude: the NOT_ATTEMPTED pair drops → 1 pair, gap 0; unpaired 3
    const excluded = voiceTextGaps(pairGrades(na.voice, na.text, 'exclude'), { resamples: 50 });
    expect([excluded.pooled.pairs, excluded.unpaired, excluded.pooled.gap]).toEqual([1, 3, 0]);
  });

  it('averages repeats per item; McNemar is then left out (scores are no longer 0/1)', () => {
    // voice answers item a twice (right, wrong) → 0.5; text right → gap 0.5.
    const paired = pairGrades([grade('v', 'a', 'CORRECT'), grade('v', 'a', 'INCORRECT')], [grade('t', 'a', 'CORRECT')]);
    expect(paired.pairs).toEqual([{ item: 'a', track: 'web', voice: 0.5, text: 1 }]);
    const gaps = voiceTextGaps(paired, { resamples: 20 });
    expect([gaps.pooled.gap, gaps.pooled.test, gaps.tracks[0].holmP]).toEqual([0.5, null, null]);
  });

  it('returns nulls without pairs', () => {
    const none = voiceTextGaps(pairGrades([grade('v', 'a', 'CORRECT')], [grade('t', 'b', 'CORRECT')]));
    const { pooled } = none;
    const shown = [pooled.pairs, pooled.gap, pooled.interval, pooled.test, none.macro.gap, none.tracks];
    expect(shown).toEqual([0, null, null, null, null, []]);
  });
});

describe('per-track and macro gaps with Holm across tracks (VERA, Lin et al., Table 2 headline)', () => {
  // math: 10 pairs (b 4, both right 3, both wrong 3), text 7/10, voice 3/10 → gap 0.4, b = 4, c = 0,
  // exact p = 2 × 0.5⁴ = 0.125.
  // web: 12 pairs (b 2, c 1, both right 4, both wrong 5), text 6/12, voice 5/12 → gap 1/12; exact p = 1.
  // Holm over (0.125, 1): 2 × 0.125 = 0.25, max(0.25, min(1, 1 × 1)) = 1.
  // Pooled: text 13/22, voice 8/22 → 5/22. Macro: text (0.7 + 0.5)/2 = 0.6, voice (0.3 + 5/12)/2 = 43/120,
  // gap 29/120 ≈ 0.242.
  const math = build([['CORRECT', 'INCORRECT', 4], ['CORRECT', 'CORRECT', 3], ['INCORRECT', 'INCORRECT', 3]], 'math');
  const web = build(
    [['CORRECT', 'INCORRECT', 2], ['INCORRECT', 'CORRECT', 1], ['CORRECT', 'CORRECT', 4], ['INCORRECT', 'INCORRECT', 5]],
    'web',
  );
  const gaps = voiceTextGaps(pairGrades([...math.voice, ...web.voice], [...math.text, ...web.text]), { resamples: 500 });

  it('computes each track, the pooled and the macro gap', () => {
    expect(gaps.tracks.map((t) => [t.track, t.pairs, t.textAccuracy, t.voiceAccuracy, t.test!.b, t.test!.c])).toEqual([
      ['math', 10, 0.7, 0.3, 4, 0],
      ['web', 12, 0.5, 5 / 12, 2, 1],
    ]);
    expect(gaps.tracks[1].gap).toBeCloseTo(1 / 12, 14);
    expect(gaps.pooled.gap).toBeCloseTo(5 / 22, 14);
    expect(gaps.macro.textAccuracy).toBeCloseTo(0.6, 14);
    expect(gaps.macro.voiceAccuracy).toBeCloseTo(43 / 120, 14);
    expect(gaps.macro.gap).toBeCloseTo(29 / 120, 14);
  });

  it('adjusts the per-track McNemar p-values with Holm', () => {
    expect(gaps.tracks.map((t) => t.test!.exactP)).toEqual([0.125, 1]);
    expect(gaps.tracks.map((t) => t.holmP)).toEqual([0.25, 1]);
  });

  it('greys a track with fewer than 10 pairs and leaves it out of the test and of Holm', () => {
    // a third track of 9 pairs, all text right and voice wrong (b = 9: p would be 2 × 0.5⁹ ≈ 0.0039)
    const tiny = build([['CORRECT', 'INCORRECT', 9]], 'tiny');
    const voice = [...math.voice, ...web.voice, ...tiny.voice];
    const all = voiceTextGaps(pairGrades(voice, [...math.text, ...web.text, ...tiny.text]), { resamples: 100 });
    const rows = all.tracks.map((t) => [t.track, t.pairs, t.belowMinimum, t.test === null, t.holmP]);
    expect(rows).toEqual([
      ['math', 10, false, false, 0.25],
      ['web', 12, false, false, 1],
      ['tiny', 9, true, true, null],
    ]);
    expect(all.tracks[2].gap).toBe(1); // still shown with its n
  });

  it('bootstraps the macro gap over items; a resample missing a track is undefined', () => {
    const pairs: GapPair[] = pairGrades([...math.voice, ...web.voice], [...math.text, ...web.text]).pairs;
    const macro = (s: GapPair[]) => {
      const m = s.filter((p) => p.track === 'math');
      const w = s.filter((p) => p.track === 'web');
      const acc = (x: GapPair[], k: 'voice' | 'text') => x.reduce((n, p) => n + p[k], 0) / x.length;
      return m.length && w.length ? (acc(m, 'text') + acc(w, 'text')) / 2 - (acc(m, 'voice') + acc(w, 'voice')) / 2 : Number.NaN;
    };
    const direct = percentileBootstrap(pairs, macro, { resamples: 500 });
    expect(gaps.macro.interval!.low).toBeCloseTo(direct.low!, 12);
    expect(gaps.macro.interval!.high).toBeCloseTo(direct.high!, 12);
    expect(gaps.macro.interval!.undefinedResamples).toBe(direct.undefinedResamples);
  });
});
