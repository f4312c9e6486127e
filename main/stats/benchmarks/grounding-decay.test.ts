import { describe, expect, it } from 'vitest';
import { clusterBootstrap } from './bootstrap';
import { probe } from './make-probe';
import { groundingDecayScore } from './grounding-decay';

describe('groundingDecayScore (DSB-DG, Mathur et al., GDS = late − early accuracy on repeated probes, pp)', () => {
  // Script a: e1 right → l1 wrong; e2 right → l2 right. Script b: e1 wrong → l1 right; e2 right → l2 wrong.
  // Pairs: early 3/4, late 2/4 → GDS = 100 × (2/4 − 3/4) = −25 pp.
  // Left out: b/l3 repeats a probe that does not exist; b/l4 repeats an unanswerable probe; the unrepeated early
  // probe a/x (wrong) and the turn numbers play no part (a window comparison would count a/x).
  const probes = [
    probe({ script: 'a', probe: 'e1', turn: 1 }), probe({ script: 'a', probe: 'l1', turn: 15, repeats: 'e1', correct: false }),
    probe({ script: 'a', probe: 'e2', turn: 2 }), probe({ script: 'a', probe: 'l2', turn: 16, repeats: 'e2' }),
    probe({ script: 'a', probe: 'x', turn: 3, correct: false }),
    probe({ script: 'b', probe: 'e1', turn: 1, correct: false }), probe({ script: 'b', probe: 'l1', turn: 15, repeats: 'e1' }),
    probe({ script: 'b', probe: 'e2', turn: 2 }), probe({ script: 'b', probe: 'l2', turn: 16, repeats: 'e2', refused: true, correct: false }),
    probe({ script: 'b', probe: 'l3', turn: 17, repeats: 'missing' }),
    probe({ script: 'b', probe: 'u', turn: 4, answerable: false, correct: false }), probe({ script: 'b', probe: 'l4', repeats: 'u' }),
    probe({ system: 'no-repeats', probe: 'only' }),
  ];

  it('pairs each late probe with its early twin of the same script', () => {
    const [row, ...rest] = groundingDecayScore(probes, { resamples: 500 });
    expect(rest).toEqual([]);
    expect([row.system, row.pairs, row.unpaired]).toEqual(['S', 4, 2]);
    expect(row.early).toEqual({ numerator: 3, denominator: 4, value: 0.75 });
    expect(row.late).toEqual({ numerator: 2, denominator: 4, value: 0.5 });
    expect(row.gds).toBe(-25);
  });

  it('bootstraps the GDS over scripts', () => {
    // Per-script differences: a (0 − 1) + (1 − 1) = −1 over 2 pairs, b (1 − 0) + (0 − 1) = 0 over 2 pairs.
    const pairs = [{ s: 'a', d: -1 }, { s: 'a', d: 0 }, { s: 'b', d: 1 }, { s: 'b', d: -1 }];
    const direct = clusterBootstrap(pairs, (p) => p.s, (x) => (100 * x.reduce((n, p) => n + p.d, 0)) / x.length, { resamples: 500 });
    expect(groundingDecayScore(probes, { resamples: 500 })[0].interval).toEqual(direct);
  });

  it('reproduces the paper: UV-32B 80.0 % → 75.0 % is GDS −5.0; Cascaded 86.7 % → 86.7 % is 0.0', () => {
    // 20 pairs, early 16 right, late 15 right (one pair recovers, two decay): 100 × (15 − 16) / 20 = −5.
    const uv = Array.from({ length: 20 }, (_, i) => [
      probe({ system: 'UV-32B', script: `s${i}`, probe: 'e', correct: i < 16 }),
      probe({ system: 'UV-32B', script: `s${i}`, probe: 'l', repeats: 'e', correct: i < 14 || i === 17 }),
    ]).flat();
    // 15 pairs, 13 right early and late, but not the same 13: 100 × (13 − 13) / 15 = 0.
    const cascaded = Array.from({ length: 15 }, (_, i) => [
      probe({ system: 'Cascaded', script: `s${i}`, probe: 'e', correct: i !== 0 && i !== 1 }),
      probe({ system: 'Cascaded', script: `s${i}`, probe: 'l', repeats: 'e', correct: i !== 1 && i !== 2 }),
    ]).flat();
    const rows = groundingDecayScore([...uv, ...cascaded], { resamples: 100 });
    expect(rows.map((r) => [r.system, r.early.value, r.late.value, r.gds])).toEqual([
      ['UV-32B', 0.8, 0.75, -5],
      ['Cascaded', 13 / 15, 13 / 15, 0],
    ]);
  });
});
