import { describe, expect, it } from 'vitest';
import { probe } from './make-probe';
import { groundingByRun, type RunProbe } from './grounding-runs';

/** One run of a two-pair decay script (`late` of its 2 late repeats grounded) and one question under none / single. */
function run(trial: number, late: number, singleHit: boolean): RunProbe[] {
  const script = `decay#${trial}`;
  const rows = [
    probe({ script, probe: 'e1', question: 'q1', refresh: 'none' }),
    probe({ script, probe: 'e2', question: 'q2', refresh: 'none' }),
    probe({ script, probe: 'l1', question: 'q1', refresh: 'none', repeats: 'e1', correct: late >= 1 }),
    probe({ script, probe: 'l2', question: 'q2', refresh: 'none', repeats: 'e2', correct: late >= 2 }),
    probe({ script: `single#${trial}`, probe: 'e1', question: 'q1', refresh: 'single', correct: singleHit }),
  ];
  return rows.map((p) => ({ trial, probe: p }));
}

describe('groundingByRun (DSB-DG: every item run three times, the median reported)', () => {
  // By hand. Run 0: early 2/2, late 0/2 → GDS −100; accuracy 3/5 (e1, e2, single e1); single: 1/1 − 1/2 (q1 under
  // none: e1 right, l1 wrong) = +50 pp. Run 1: late 1/2 → GDS −50; accuracy 4/5; single 1/1 − 2/2 = 0. Run 2: late
  // 2/2 → GDS 0; single e1 wrong → accuracy 4/5; single 0/1 − 2/2 = −100. Medians: GDS −50, accuracy 0.8, single 0.
  const rows = groundingByRun([...run(2, 2, false), ...run(0, 0, true), ...run(1, 1, true)]);

  it('computes each run on its own probes, in trial order', () => {
    expect(rows).toHaveLength(1);
    expect(
      rows[0].runs.map((r) => [r.trial, r.accuracy.numerator, r.accuracy.denominator, r.gds, r.single, r.multiple]),
    ).toEqual([
      [0, 3, 5, -100, 50, null],
      [1, 4, 5, -50, 0, null],
      [2, 4, 5, 0, -100, null],
    ]);
  });

  it('takes the median over the runs where a figure is defined', () => {
    expect(rows[0].median).toEqual({
      accuracy: 0.8,
      gds: -50,
      single: 0,
      multiple: null,
      hallucination: 0,
      refusal: null,
      falseConfidence: null,
      fted: null,
      qal: null,
    });
  });

  it('gives hallucination, refusal, false confidence, FTED p50 and QAL run by run, and their medians', () => {
    // Each run: a T3 answerable probe (right in runs 0 and 1, an intrinsic hallucination in run 2), two unanswerable
    // probes (refused in run 0; in runs 1 and 2 one refused, one answered confidently), FTED 400 + 100·trial and
    // 800 + 100·trial ms. Run r: p50 = 600 + 100r; GA at T3 1, 1, 0 → QAL 0, 0, 800. Hallucination over answers:
    // run 0 0/1, run 1 0/2, run 2 1/2 (the hallucinated T3 answer). Refusal 2/2, 1/2, 1/2; false confidence 0, ½, ½.
    const make = (trial: number): RunProbe[] => {
      const script = `t#${trial}`;
      const ms = (base: number) => base + 100 * trial;
      const rows = [
        probe({ script, probe: 'a', tier: 'T3', correct: trial < 2, firstAudioMs: ms(400),
          hallucination: trial < 2 ? 'none' : 'intrinsic' }),
        probe({ script, probe: 'u1', answerable: false, refused: true, correct: false, firstAudioMs: ms(800) }),
        probe({ script, probe: 'u2', answerable: false, refused: trial === 0, correct: false }),
      ];
      return rows.map((p) => ({ trial, probe: p }));
    };
    const [row] = groundingByRun([0, 1, 2].flatMap(make));
    const shown = row.runs.map((r) => [r.hallucination.value, r.refusal.value, r.falseConfidence.value, r.fted, r.qal]);
    expect(shown).toEqual([
      [0, 1, 0, 600, 0],
      [0, 0.5, 0.5, 700, 0],
      [0.5, 0.5, 0.5, 800, 800],
    ]);
    expect(row.median).toMatchObject({ hallucination: 0, refusal: 0.5, falseConfidence: 0.5, fted: 700, qal: 0 });
  });

  it('takes the mean of the middle two for an even number of runs, per system', () => {
    const two = groundingByRun([
      ...run(0, 0, true),
      ...run(1, 1, true),
      ...run(0, 2, true).map((r) => ({ ...r, probe: { ...r.probe, system: 'T' } })),
    ]);
    expect(two.map((r) => [r.system, r.median.gds])).toEqual([
      ['S', -75],
      ['T', 0],
    ]);
  });
});
