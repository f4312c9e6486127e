import { describe, expect, it } from 'vitest';
import { realismEffects, type RealismSpec } from './realism-effects';
import { realismUnits, type RealismCall } from './realism-units';

const call = (
  task: string,
  environment: string,
  kind: string | null,
  success: boolean,
  extra: Partial<RealismCall> = {},
): RealismCall => ({
  task,
  system: 'S',
  environment,
  kind,
  success,
  spellingRequest: false,
  durationSec: null,
  ...extra,
});
const success = (...kinds: (string | null)[]): RealismSpec[] =>
  kinds.map((kind) => ({ kind, outcome: 'success', test: true }));
const d = (i: number) => `intake_dates_easy_0${i}`;
const p = (i: number) => `intake_phones_easy_0${i}`;

// Two strata (entity types) per environment. Regular: dates d1, d2 spelling_style (1, 0), d3, d4 clean (1, 1);
// phones p1 spelling_style (1), p2, p3 clean (0, 0), p4 wrong_slot (1). Noise-heavy: the same assignment, outcomes
// 0, 0 | 1, 0 and 0 | 1, 1 | 0.
const HAND: RealismCall[] = [
  call(d(1), 'regular', 'spelling_style', true),
  call(d(2), 'regular', 'spelling_style', false),
  call(d(3), 'regular', null, true),
  call(d(4), 'regular', null, true),
  call(p(1), 'regular', 'spelling_style', true),
  call(p(2), 'regular', null, false),
  call(p(3), 'regular', null, false),
  call(p(4), 'regular', 'wrong_slot', true),
  call(d(1), 'noise_heavy', 'spelling_style', false),
  call(d(2), 'noise_heavy', 'spelling_style', false),
  call(d(3), 'noise_heavy', null, true),
  call(d(4), 'noise_heavy', null, false),
  call(p(1), 'noise_heavy', 'spelling_style', false),
  call(p(2), 'noise_heavy', null, true),
  call(p(3), 'noise_heavy', null, true),
  call(p(4), 'noise_heavy', 'wrong_slot', false),
];

describe('realismUnits', () => {
  it('assignment probabilities are the stratum’s shares (environment × entity type)', () => {
    const { units } = realismUnits(HAND);
    const unit = units.find((u) => u.task === p(1) && u.environment === 'regular')!;
    expect([unit.clean, unit.probabilities.get('spelling_style'), unit.probabilities.get('wrong_slot')]).toEqual([
      0.5, 0.25, 0.25,
    ]);
    expect(units.find((u) => u.task === d(1))!.probabilities.get('wrong_slot')).toBeUndefined();
  });

  it('pools a unit’s systems and leaves out units whose calls disagree on the realism', () => {
    const { units, conflicting } = realismUnits([
      call(d(1), 'regular', null, true),
      { ...call(d(1), 'regular', null, false), system: 'T' },
      call(d(2), 'regular', null, true),
      { ...call(d(2), 'regular', 'wrong_slot', true), system: 'T' },
      { ...call(d(3), 'regular', null, true), success: null },
    ]);
    expect(units.map((u) => [u.task, u.success])).toEqual([[d(1), 0.5]]);
    expect(conflicting).toBe(1);
  });
});

describe('realismEffects (Hájek, by hand)', () => {
  const { units } = realismUnits(HAND);
  const rows = realismEffects(units, success(null, 'spelling_style', 'wrong_slot'), {
    bootstrap: { resamples: 200 },
    draws: 200,
  });

  it('spelling variation: regular 0.75 − 0.5 = +0.25, noise-heavy 0 − 0.75 = −0.75, mean −0.25', () => {
    // Regular treated: d1 (w 2, y 1), d2 (w 2, y 0), p1 (w 4, y 1) → 6/8; clean d3, d4, p2, p3 (w 2) → 4/8.
    // Noise-heavy treated all 0; clean 1, 0, 1, 1 → 3/4.
    const ss = rows[1];
    expect(ss.environmentEffects).toEqual({ regular: 0.25, noise_heavy: -0.75 });
    expect(ss.effect.estimate).toBeCloseTo(-0.25, 14);
    // Pooled treated side: weights 2, 2, 4 in each environment, 6 of 16 weight successful; Kish n = 16² / 48.
    expect(ss.assigned.units).toBe(6);
    expect(ss.assigned.weightedMean).toBeCloseTo(6 / 16, 14);
    expect(ss.assigned.effectiveN).toBeCloseTo(256 / 48, 12);
    // Clean: 2 of 4 regular and 3 of 4 noise-heavy, equal weights: 5/8.
    expect([ss.clean.units, ss.clean.weightedMean]).toEqual([8, 5 / 8]);
  });

  it('any realism: weights 1 / 0.5 everywhere, regular 3/4 − 1/2, noise-heavy 0 − 3/4', () => {
    expect(rows[0].environmentEffects).toEqual({ regular: 0.25, noise_heavy: -0.75 });
    expect(rows[0].assigned.units).toBe(8);
  });

  it('wrong-field answer: only phones can draw it; 1 − 0 regular, 0 − 1 noise-heavy', () => {
    expect(rows[2].environmentEffects).toEqual({ regular: 1, noise_heavy: -1 });
    expect(rows[2].effect.estimate).toBe(0);
    expect([rows[2].assigned.units, rows[2].clean.units]).toEqual([2, 4]);
  });

  it('rows with fewer than 10 assigned or clean units get no test', () => {
    expect(rows.map((r) => [r.belowMinimum, r.p, r.holmP])).toEqual([
      [true, null, null],
      [true, null, null],
      [true, null, null],
    ]);
  });

  it('the other outcomes: a spelling request and seconds', () => {
    const timed = HAND.map((c, i) => ({
      ...c,
      spellingRequest: c.kind === 'spelling_style',
      durationSec: c.kind ? 90 : 60 + (i % 2),
    }));
    const specs: RealismSpec[] = [
      { kind: 'spelling_style', outcome: 'spelling_request', test: false },
      { kind: 'spelling_style', outcome: 'duration_s', test: false },
    ];
    const [spell, seconds] = realismEffects(realismUnits(timed).units, specs, { bootstrap: { resamples: 100 } });
    expect(spell.effect.estimate).toBe(1);
    // Assigned calls last 90 s; clean ones 60, 61, 61, 60 in each environment (equal weights): 90 − 60.5.
    expect(seconds.effect.estimate).toBeCloseTo(29.5, 12);
    expect([spell.p, seconds.p]).toEqual([null, null]);
  });
});

describe('realismEffects randomization test', () => {
  // 3 environments × 40 tasks of one stratum; 20 units per environment assigned spelling_style.
  const big = (effect: (i: number, kind: string | null) => boolean) =>
    ['regular', 'noise_heavy', 'speech_heavy'].flatMap((env) =>
      Array.from({ length: 40 }, (_, i) => {
        const kind = i % 2 === 0 ? 'spelling_style' : null;
        return call(`intake_dates_easy_${i}`, env, kind, effect(i, kind));
      }),
    );

  it('a realism that always fails against clean calls that always pass: p = 1 / (valid draws + 1)', () => {
    const [row] = realismEffects(realismUnits(big((_, kind) => kind === null)).units, success('spelling_style'), {
      bootstrap: { resamples: 200, seed: 3 },
      draws: 500,
    });
    expect(row.effect.estimate).toBe(-1);
    expect(row.belowMinimum).toBe(false);
    expect(row.p!).toBeLessThan(0.01);
    expect(row.holmP).toBe(row.p);
  });

  it('outcomes unrelated to the assignment: a large p; the same seed gives the same p; Holm ≥ p', () => {
    const calls = big((i) => Math.floor(i / 2) % 2 === 0);
    const units = realismUnits(calls).units;
    const a = realismEffects(units, success(null, 'spelling_style'), { bootstrap: { resamples: 200 }, draws: 400 });
    const b = realismEffects(units, success(null, 'spelling_style'), { bootstrap: { resamples: 200 }, draws: 400 });
    expect(a[1].effect.estimate).toBe(0);
    expect(a[1].p!).toBeGreaterThan(0.5);
    expect(a.map((r) => r.p)).toEqual(b.map((r) => r.p));
    for (const r of a) expect(r.holmP!).toBeGreaterThanOrEqual(r.p!);
  });
});
