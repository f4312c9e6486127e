import { describe, expect, it } from 'vitest';
import { callerVoiceSuccess, type VoicedOutcome } from './caller-voice';

/** `n` calls of a voice, the first `passes` successful, each on its own task. */
const calls = (
  voice: string | null,
  passes: number,
  n: number,
  condition = { environment: 'regular' },
): VoicedOutcome[] =>
  Array.from({ length: n }, (_, i) => ({
    task: `${voice}-${i}`,
    system: 'gemini_high',
    condition,
    trial: 0,
    reward: i < passes ? 1 : 0,
    voice,
  }));

// Gemini high's agent-directed regular cell (the paper's result sources): Wei 24/35, Mildred 31/48, Mamadou 14/34,
// Arjun 16/39, Priya 18/44.
const GEMINI = [
  calls('wei_lin', 24, 35),
  calls('mildred_kaplan', 31, 48),
  calls('mamadou_diallo', 14, 34),
  calls('arjun_roy', 16, 39),
  calls('priya_patil', 18, 44),
].flat();

describe('callerVoiceSuccess', () => {
  const [row] = callerVoiceSuccess(GEMINI, { resamples: 300 });

  it('ranks the voices best first and gives the spread: .686 − .409 = 28 points (paper: 28 for Gemini)', () => {
    expect(row.voices.map((v) => [v.voice, v.success.numerator, v.success.denominator])).toEqual([
      ['wei_lin', 24, 35],
      ['mildred_kaplan', 31, 48],
      ['mamadou_diallo', 14, 34],
      ['arjun_roy', 16, 39],
      ['priya_patil', 18, 44],
    ]);
    expect(row.spread).toBeCloseTo(24 / 35 - 18 / 44, 14);
    expect(Math.round(row.spread! * 100)).toBe(28);
    expect(row.calls).toBe(200);
  });

  it('ten pairs by Fisher exact (as scipy.stats.fisher_exact), Holm: smallest adjusted p .212 (paper .212)', () => {
    expect(row.contrasts).toHaveLength(10);
    const pair = (a: string, b: string) => row.contrasts.find((c) => c.voiceA === a && c.voiceB === b)!;
    expect(pair('wei_lin', 'priya_patil').p).toBeCloseTo(0.022756042151230955, 12);
    expect(pair('wei_lin', 'arjun_roy').p).toBeCloseTo(0.02120273601519627, 12);
    expect(pair('wei_lin', 'mildred_kaplan').p).toBeCloseTo(0.815398361964023, 12);
    // Holm: the smallest raw p (.02120) × 10 = .2120, then .02276 × 9 = .2048 → kept at .2120 by monotonicity.
    expect(Math.min(...row.contrasts.map((c) => c.holmP!))).toBeCloseTo(0.21202736015196272, 12);
    expect(pair('wei_lin', 'priya_patil').holmP).toBeCloseTo(0.21202736015196272, 12);
    expect(pair('wei_lin', 'priya_patil').difference.estimate).toBeCloseTo(24 / 35 - 18 / 44, 14);
  });

  it('the omnibus is the exact Fisher–Freeman–Halton p .013950 (paper, Monte Carlo: .01337)', () => {
    expect(row.omnibusP).toBeCloseTo(0.013949810625063617, 10);
    expect(row.omnibusHolmP).toBeCloseTo(row.omnibusP!, 14);
  });

  it('a voice with fewer calls than the minimum is shown greyed, without a test, and outside Holm', () => {
    const [withSmall] = callerVoiceSuccess([...GEMINI, ...calls('newcomer', 9, 9)], { resamples: 100 });
    const small = withSmall.voices.find((v) => v.voice === 'newcomer')!;
    expect([small.success.value, small.belowMinimum]).toEqual([1, true]);
    const involving = withSmall.contrasts.filter((c) => c.voiceA === 'newcomer' || c.voiceB === 'newcomer');
    expect(involving.map((c) => [c.p, c.holmP, c.belowMinimum])).toEqual(Array(5).fill([null, null, true]));
    // Holm still over the ten tested pairs; the spread and omnibus leave the small voice out.
    expect(Math.min(...withSmall.contrasts.flatMap((c) => (c.holmP === null ? [] : [c.holmP])))).toBeCloseTo(
      0.21202736015196272,
      12,
    );
    expect(withSmall.spread).toBeCloseTo(row.spread!, 14);
    expect(withSmall.omnibusP).toBeCloseTo(row.omnibusP!, 12);
  });

  it('unvoiced calls are counted, not pooled; unscored calls are left out; a cell with no voice gives no row', () => {
    const records = [...calls('a', 5, 10), ...calls(null, 1, 3), { ...calls('a', 0, 1)[0], task: 'x', reward: null }];
    const [r] = callerVoiceSuccess(records, { resamples: 100 });
    expect([r.calls, r.unvoiced, r.voices.length, r.spread, r.omnibusP]).toEqual([10, 3, 1, null, null]);
    expect(callerVoiceSuccess(calls(null, 1, 3))).toEqual([]);
  });

  it('Holm across cells for the omnibus test', () => {
    const rows = callerVoiceSuccess(
      [...GEMINI, ...GEMINI.map((r) => ({ ...r, condition: { environment: 'noise_heavy' } }))],
      { resamples: 100 },
    );
    expect(rows.map((r) => r.omnibusHolmP)).toEqual(
      [rows[0].omnibusP! * 2, rows[0].omnibusP! * 2].map((p) => expect.closeTo(p, 12)),
    );
  });
});
