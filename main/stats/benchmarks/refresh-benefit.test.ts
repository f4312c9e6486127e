import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap';
import { probe } from './make-probe';
import { refreshBenefit } from './refresh-benefit';

describe('refreshBenefit (DSB-DG, Mathur et al., proactive grounding: schedules compared on the same probes)', () => {
  // Questions q1–q4 without refresh: q1 right, q2 wrong, q3 wrong, q4 right (q4 is never refreshed).
  // Single refresh: q1 right, q2 right, q3 wrong, q5 right (q5 never asked without refresh).
  // Shared questions q1–q3: single 2/3, none 1/3 → benefit = 100 × (2/3 − 1/3) = 33.33 pp.
  // Multiple refreshes: q2 right → shared {q2}: 1/1 vs 0/1 → 100 pp. Unanswerable and unscheduled probes are ignored.
  const probes = [
    probe({ refresh: 'none', question: 'q1' }), probe({ refresh: 'none', question: 'q2', correct: false }),
    probe({ refresh: 'none', question: 'q3', correct: false }), probe({ refresh: 'none', question: 'q4' }),
    probe({ refresh: 'single', question: 'q1' }), probe({ refresh: 'single', question: 'q2' }),
    probe({ refresh: 'single', question: 'q3', refused: true, correct: false }), probe({ refresh: 'single', question: 'q5' }),
    probe({ refresh: 'multiple', question: 'q2' }),
    probe({ refresh: 'single', question: 'q3', answerable: false, correct: false }), probe({ refresh: null, question: 'q1' }),
  ];

  it('compares each schedule with no refresh on the shared questions', () => {
    const rows = refreshBenefit(probes, { resamples: 200 });
    expect(rows.map((r) => [r.schedule, r.questions, r.accuracy.numerator, r.accuracy.denominator, r.none.numerator, r.none.denominator])).toEqual([
      ['single', 3, 2, 3, 1, 3],
      ['multiple', 1, 1, 1, 0, 1],
    ]);
    expect(rows[0].benefit).toBeCloseTo(100 / 3, 12);
    expect(rows[1].benefit).toBe(100);
  });

  it('bootstraps over questions, both arms together', () => {
    const arms = [
      { q: 'q1', on: true, hit: 1 }, { q: 'q2', on: true, hit: 1 }, { q: 'q3', on: true, hit: 0 },
      { q: 'q1', on: false, hit: 1 }, { q: 'q2', on: false, hit: 0 }, { q: 'q3', on: false, hit: 0 },
    ];
    const mean = (x: typeof arms) => x.reduce((s, a) => s + a.hit, 0) / x.length;
    const stat = (x: typeof arms) => {
      const on = x.filter((a) => a.on);
      const off = x.filter((a) => !a.on);
      return on.length && off.length ? 100 * (mean(on) - mean(off)) : Number.NaN;
    };
    expect(refreshBenefit(probes, { resamples: 300 })[0].interval).toEqual(clusterBootstrap(arms, (a) => a.q, stat, { resamples: 300 }));
  });

  it('reproduces the paper: Cascaded none 87.8 % → multiple 94.9 % (+7.1); GPT-Realtime none 79.6 % → single 94.2 % (+14.6)', () => {
    // 98 questions: 86/98 = 87.76 %, 93/98 = 94.90 %, 7/98 = 7.14 pp. 137 questions: 109/137 = 79.56 %,
    // 129/137 = 94.16 %, 20/137 = 14.60 pp. Rounded to one decimal as the paper prints them.
    const arm = (system: string, n: number, refresh: 'none' | 'single' | 'multiple', right: number) =>
      Array.from({ length: n }, (_, i) => probe({ system, refresh, question: `q${i}`, correct: i < right }));
    const rows = refreshBenefit([...arm('Cascaded', 98, 'none', 86), ...arm('Cascaded', 98, 'multiple', 93),
      ...arm('GPT-Realtime', 137, 'none', 109), ...arm('GPT-Realtime', 137, 'single', 129)], { resamples: 100 });
    const pct = (v: number | null) => Math.round(v! * 1000) / 10;
    expect(rows.map((r) => [r.system, r.schedule, pct(r.none.value), pct(r.accuracy.value), Math.round(r.benefit! * 10) / 10])).toEqual([
      ['Cascaded', 'multiple', 87.8, 94.9, 7.1],
      ['GPT-Realtime', 'single', 79.6, 94.2, 14.6],
    ]);
  });
});
