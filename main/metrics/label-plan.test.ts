import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { planStudy } from '../../test-support/plan-study';
import { labelPlan, parseFigure } from './label-plan';
import { plugInCovariance, plugInVariance, ppiLabelsForWidth } from '../stats/ppi/index';

const Z = 1.959963984540054;
let t: TempServices;
let studyId: number;

beforeAll(async () => {
  t = await tempServices({ demo: false });
  studyId = await planStudy(t.services.db);
});
afterAll(() => t.cleanup());

describe('labelPlan', () => {
  it('PPI++ and humans-only budgets from the pilot, simple random sample', () => {
    const plan = labelPlan(t.services.db, studyId, 'grade:correct', 0.2);
    const alpha = plan.rows.find((r) => r.system === 'alpha')!;
    expect([alpha.calls, alpha.labelled, alpha.basis]).toEqual([100, 20, 'pilot']);
    // Pilot: human (y) and grader (f) flags of a0–a9, a60–a69; the grader's 1s on a10–a59, 0s on a70–a99.
    const ys = [1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1];
    const fs = [...new Array(10).fill(1), ...new Array(10).fill(0)];
    const expected = ppiLabelsForWidth(
      { humanVariance: plugInVariance(ys), covariance: plugInCovariance(ys, fs), judgeVariance: 0.24, calls: 100 },
      0.1,
      Z,
    )!;
    // By hand: σ_Y² = 0.2475, Cov = 9/20 − 0.55·0.5 = 0.175, σ_f² = 0.6·0.4 = 0.24, so ρ² = 0.5156 and
    // n = ⌈σ_Y²(1 − ρ²)/((0.1/z)² − ρ²σ_Y²/100)⌉ = ⌈90.34⌉ = 91 (λ(n) stays below 1), against 96 for humans alone.
    const rho2 = 0.175 ** 2 / (0.2475 * 0.24);
    expect(expected).toBe(91);
    expect(expected).toBe(Math.ceil((0.2475 * (1 - rho2)) / ((0.1 / Z) ** 2 - (rho2 * 0.2475) / 100)));
    const [ppi, humans] = alpha.designs;
    expect(ppi).toEqual({ design: 'simple random, PPI++', labels: expected, more: expected - 20 });
    // Humans alone: σ̂² = 0.55·0.45 = 0.2475; ⌈1.96²·0.2475/0.01⌉ = 96.
    expect(humans).toEqual({ design: 'simple random, humans only', labels: 96, more: 76 });
    expect(expected).toBeLessThan(96);
  });

  it('stratified by the judge’s label: proportional and Neyman totals and allocations (closed forms)', () => {
    const alpha = labelPlan(t.services.db, studyId, 'grade:correct', 0.2).rows[0];
    const [, , proportional, neyman] = alpha.designs;
    // W = 0.6, 0.4; S = √(0.9·0.1) = 0.3 and √(0.2·0.8) = 0.4.
    // Proportional: ⌈1.96²·(0.6·0.09 + 0.4·0.16)/0.01⌉ = ⌈45.33⌉ = 46, shared 27.6 / 18.4 → 28 / 18.
    expect(proportional.labels).toBe(46);
    expect(proportional.strata).toEqual([
      { stratum: 'judge: positive', calls: 60, labelled: 10, needed: 28 },
      { stratum: 'judge: other', calls: 40, labelled: 10, needed: 18 },
    ]);
    expect(proportional.more).toBe(18 + 8);
    // Neyman: ⌈1.96²·(0.6·0.3 + 0.4·0.4)²/0.01⌉ = ⌈44.41⌉ = 45, shared ∝ 60·0.3 : 40·0.4 = 18 : 16 → 24 / 21.
    expect(neyman.labels).toBe(45);
    expect(neyman.strata!.map((s) => s.needed)).toEqual([24, 21]);
    expect(neyman.more).toBe(14 + 11);
  });

  it('plans from the widest variance with too few labels, and says when a width cannot be reached', () => {
    const beta = labelPlan(t.services.db, studyId, 'grade:correct', 0.2).rows[1];
    expect([beta.system, beta.labelled, beta.basis]).toEqual(['beta', 5, 'worst case']);
    // ⌈1.96²·0.25/0.01⌉ = 97 labels of 30 calls: not reachable.
    expect(beta.designs[1]).toEqual({ design: 'simple random, humans only', labels: null, more: null });
    expect(labelPlan(t.services.db, studyId, 'grade:correct', 0.5).rows[1].designs[1].labels).toBe(16);
  });

  it('names figures as MAPPING or MAPPING=CATEGORY', () => {
    expect(parseFigure(t.services.db, studyId, 'grade=INCORRECT')).toEqual({ mapping: 'grade', outcome: 'INCORRECT' });
    expect(() => parseFigure(t.services.db, studyId, 'grade')).toThrow(/grade=CORRECT, grade=INCORRECT/);
    expect(() => parseFigure(t.services.db, studyId, 'grade:correct=CORRECT')).toThrow(/binary mapping/);
    expect(() => parseFigure(t.services.db, studyId, 'nope')).toThrow(/no judge mapping "nope"/);
    expect(() => labelPlan(t.services.db, studyId, 'grade:correct', 1.5)).toThrow(/width/);
  });
});
