import type { BootstrapOptions } from './bootstrap';
import { clusterSumsBootstrap } from './cluster-sums-bootstrap';
import { holmAdjust } from './holm';
import { belowMinimum } from './min-cell';
import { environmentsOf, type RealismUnit } from './realism-units';
import { categoryTable, redraw, type Assignment } from './realism-redraw';
import type { RealismEffectRow, RealismOutcome, WeightedArm } from '../../../shared/types/elicitation-rows';

/** The paper's display order of the realisms (Figure 4); other kinds follow by name. */
export const REALISM_ORDER = [
  'wrong_slot',
  'spelling_style',
  'self_correction',
  'mispronounced_term',
  'spell_correction',
];

/** One contrast asked for: a kind (null = any realism), the outcome, and whether it gets a randomization test. */
export interface RealismSpec {
  kind: string | null;
  outcome: RealismOutcome;
  test: boolean;
}

/**
 * One contrast over every unit (so a resample draws from all of the arm's tasks): outcome, weights and the side as
 * assigned (1 treated, 2 clean, 0 neither). A unit without positive probability of both the target and clean, or
 * without a value of the outcome, is not eligible and never counts.
 */
interface Contrast {
  spec: RealismSpec;
  /** Category index of the target (0 = clean, k = the k-th kind), or -1 for any realism. */
  target: number;
  eligible: Uint8Array;
  y: Float64Array;
  treatedWeight: Float64Array;
  cleanWeight: Float64Array;
  side: Uint8Array;
}

const outcomeOf =
  (outcome: RealismOutcome) =>
  (u: RealismUnit): number | null =>
    outcome === 'success' ? u.success : outcome === 'spelling_request' ? u.spellingRequest : u.durationSec;

function prepare(units: readonly RealismUnit[], spec: RealismSpec, kinds: readonly string[]): Contrast {
  const n = units.length;
  const c: Contrast = {
    spec,
    target: spec.kind === null ? -1 : kinds.indexOf(spec.kind) + 1,
    eligible: new Uint8Array(n),
    y: new Float64Array(n),
    treatedWeight: new Float64Array(n),
    cleanWeight: new Float64Array(n),
    side: new Uint8Array(n),
  };
  const value = outcomeOf(spec.outcome);
  units.forEach((u, i) => {
    const pTarget = spec.kind === null ? 1 - u.clean : (u.probabilities.get(spec.kind) ?? 0);
    const y = value(u);
    if (!(pTarget > 0 && u.clean > 0) || y === null) return;
    c.eligible[i] = 1;
    c.y[i] = y;
    c.treatedWeight[i] = 1 / pTarget;
    c.cleanWeight[i] = 1 / u.clean;
    c.side[i] = (spec.kind === null ? u.kind !== null : u.kind === spec.kind) ? 1 : u.kind === null ? 2 : 0;
  });
  return c;
}

/** Adds unit i of contrast c on `side` to per-environment sums starting at `at` (treated Σwy, Σw, clean Σwy, Σw). */
function add(c: Contrast, i: number, side: number, sums: Float64Array, at: number): void {
  if (side === 1) {
    sums[at] += c.treatedWeight[i] * c.y[i];
    sums[at + 1] += c.treatedWeight[i];
  } else if (side === 2) {
    sums[at + 2] += c.cleanWeight[i] * c.y[i];
    sums[at + 3] += c.cleanWeight[i];
  }
}

/** The Hájek contrast (treated − clean weighted means) per environment from sums at `from`; NaN for an empty side. */
function perEnvironment(sums: Float64Array, from: number, envCount: number): number[] {
  return Array.from({ length: envCount }, (_, e) => {
    const at = from + e * 4;
    return sums[at + 1] > 0 && sums[at + 3] > 0 ? sums[at] / sums[at + 1] - sums[at + 2] / sums[at + 3] : Number.NaN;
  });
}

/** The effect: the mean over environments of their contrasts (NaN when one is not estimable). */
function effectOf(sums: Float64Array, from: number, envCount: number): number {
  let total = 0;
  for (let e = 0; e < envCount; e += 1) {
    const at = from + e * 4;
    if (!(sums[at + 1] > 0 && sums[at + 3] > 0)) return Number.NaN;
    total += sums[at] / sums[at + 1] - sums[at + 2] / sums[at + 3];
  }
  return total / envCount;
}

/** One side of a contrast pooled over environments: units, Kish effective n, weighted mean. */
function weighted(c: Contrast, side: 1 | 2): WeightedArm {
  let [units, w, w2, wy] = [0, 0, 0, 0];
  c.side.forEach((s, i) => {
    if (s !== side || !c.eligible[i]) return;
    const weight = side === 1 ? c.treatedWeight[i] : c.cleanWeight[i];
    [units, w, w2, wy] = [units + 1, w + weight, w2 + weight * weight, wy + weight * c.y[i]];
  });
  return { units, effectiveN: w === 0 ? 0 : (w * w) / w2, weightedMean: w === 0 ? null : wy / w };
}

/**
 * What recounting one tested contrast on a redraw reads: its outcome, the strata where both its sides have positive
 * probability (their offsets, environment offsets and the two probabilities), and the target's categories.
 */
interface RecountPlan {
  outcome: number;
  observed: number;
  base: Int32Array;
  at: Int32Array;
  pClean: Float64Array;
  pTarget: Float64Array;
  from: number;
  to: number;
}

function recountPlan(c: Contrast, observed: number, outcome: number, prob: Float64Array, envOf: Int32Array) {
  const width = prob.length / envOf.length;
  const eligible: number[] = [];
  const pTargets: number[] = [];
  for (let s = 0; s < envOf.length; s += 1) {
    const pClean = prob[s * width];
    const pTarget = c.target < 0 ? 1 - pClean : prob[s * width + c.target];
    if (pTarget > 0 && pClean > 0) [eligible[eligible.length], pTargets[pTargets.length]] = [s, pTarget];
  }
  const plan: RecountPlan = {
    outcome,
    observed,
    base: Int32Array.from(eligible, (s) => s * width),
    at: Int32Array.from(eligible, (s) => envOf[s] * 4),
    pClean: Float64Array.from(eligible, (s) => prob[s * width]),
    pTarget: Float64Array.from(pTargets),
    from: c.target < 0 ? 1 : c.target,
    to: c.target < 0 ? width - 1 : c.target,
  };
  return plan;
}

/** A contrast's per-environment sums on a redraw's tallies, in the order of the strata and then the categories. */
function recount(plan: RecountPlan, count: Float64Array, total: Float64Array, sums: Float64Array): void {
  const { base, at, pClean, pTarget, from, to } = plan;
  sums.fill(0);
  for (let i = 0; i < base.length; i += 1) {
    const [b, a] = [base[i], at[i]];
    sums[a + 2] += total[b] / pClean[i];
    sums[a + 3] += count[b] / pClean[i];
    for (let k = from; k <= to; k += 1) {
      sums[a] += total[b + k] / pTarget[i];
      sums[a + 1] += count[b + k] / pTarget[i];
    }
  }
}

/**
 * Randomization p of the contrasts tested, all from the same redraws: each draw gives every unit a new assignment
 * from its probabilities (clean or one kind); each contrast is recomputed on it; draws where an environment lacks a
 * side are left out for that contrast; two-sided, +1 correction. Units of a stratum share their probabilities and so
 * their weights, so a draw only needs each stratum's count and outcome sum per assignment.
 */
function randomizationPs(
  units: readonly RealismUnit[],
  kinds: readonly string[],
  tested: readonly { c: Contrast; observed: number }[],
  envs: readonly string[],
  draws: number,
  seed: number,
): number[] {
  const width = kinds.length + 1;
  const strata = [...new Set(units.map((u) => u.stratum))];
  const S = strata.length;
  const E = envs.length;
  const stratumOf = Int32Array.from(units, (u) => strata.indexOf(u.stratum));
  const first = strata.map((key) => units.find((u) => u.stratum === key)!);
  const envOf = Int32Array.from(first, (u) => envs.indexOf(u.environment));
  // Per stratum: probability of each assignment (0 = clean, k = the k-th kind) and the cumulative distribution.
  const prob = new Float64Array(S * width);
  first.forEach((u, s) => {
    prob[s * width] = u.clean;
    kinds.forEach((k, j) => (prob[s * width + j + 1] = u.probabilities.get(k) ?? 0));
  });
  const cumulative = prob.map((_, j) => prob.slice(j - (j % width), j + 1).reduce((a, b) => a + b, 0));
  // Each unit's value of every outcome tested (units without one never count).
  const outcomes = [...new Set(tested.map(({ c }) => c.spec.outcome))];
  const y = outcomes.map((o) => Float64Array.from(units, (u) => outcomeOf(o)(u) ?? 0));
  const present = outcomes.map((o) => Uint8Array.from(units, (u) => (outcomeOf(o)(u) === null ? 0 : 1)));
  // With shares ≥ 0 every stratum's cumulative distribution rises, so the category drawn (the first whose cumulative
  // share exceeds u) is the number of cumulative shares u reaches, counted without a branch per category.
  const rising = cumulative.every((v, j) => j % width === 0 || v >= cumulative[j - 1]);
  let state = seed | 0;
  const table = categoryTable(width, rising, cumulative, S);
  const assignment: Assignment = { width, rising, cumulative, stratumOf, table, y, present };
  const count = outcomes.map(() => new Float64Array(S * width));
  const total = outcomes.map(() => new Float64Array(S * width));
  const plans = tested.map(({ c, observed }) =>
    recountPlan(c, observed, outcomes.indexOf(c.spec.outcome), prob, envOf),
  );
  const sums = new Float64Array(E * 4);
  const valid = new Array<number>(tested.length).fill(0);
  const extreme = new Array<number>(tested.length).fill(0);
  for (let d = 0; d < draws; d += 1) {
    state = redraw(state, assignment, count, total);
    for (let r = 0; r < plans.length; r += 1) {
      const plan = plans[r];
      recount(plan, count[plan.outcome], total[plan.outcome], sums);
      const effect = effectOf(sums, 0, E);
      if (Number.isNaN(effect)) continue;
      valid[r] += 1;
      if (Math.abs(effect) >= Math.abs(plan.observed) - 1e-12) extreme[r] += 1;
    }
  }
  return tested.map((_, r) => (extreme[r] + 1) / (valid[r] + 1));
}

/** Options of realismEffects. */
export interface RealismOptions {
  bootstrap?: BootstrapOptions;
  /** Redraws of the randomization test (default: the bootstrap's resamples, else 10 000). */
  draws?: number;
}

/**
 * Assignment effects of caller realisms (τ-Elicitation, Figure 4): for each contrast asked for (any realism, or one
 * kind, on one outcome) the Hájek (normalised inverse-probability) contrast of units assigned the realism against clean
 * units within each environment, averaged over environments; weights from the units' assignment probabilities.
 * Intervals: one bootstrap of tasks (a task's environments together) for every contrast. Randomization p for the
 * contrasts with `test` and enough units, Holm across them.
 */
export function realismEffects(
  units: readonly RealismUnit[],
  specs: readonly RealismSpec[],
  options: RealismOptions = {},
): RealismEffectRow[] {
  const envs = environmentsOf(units);
  const E = envs.length;
  const boot = options.bootstrap ?? {};
  const draws = options.draws ?? boot.resamples ?? 10_000;
  const kinds = [...new Set(units.flatMap((u) => [...u.probabilities.keys()]))].sort();
  const envIndex = Int32Array.from(units, (u) => envs.indexOf(u.environment));
  const contrasts = specs.map((spec) => prepare(units, spec, kinds));
  const clusters = new Map<string, Float64Array>();
  units.forEach((u, i) => {
    let sums = clusters.get(u.task);
    if (!sums) clusters.set(u.task, (sums = new Float64Array(specs.length * E * 4)));
    contrasts.forEach((c, r) => c.eligible[i] && add(c, i, c.side[i], sums!, (r * E + envIndex[i]) * 4));
  });
  const totals = new Float64Array(specs.length * E * 4);
  for (const sums of clusters.values()) sums.forEach((v, j) => (totals[j] += v));
  const intervals = clusterSumsBootstrap(
    [...clusters.values()],
    contrasts.map((_, r) => (t: Float64Array) => effectOf(t, r * E * 4, E)),
    boot,
  );
  const rows = contrasts.map((c, r) => {
    const [assigned, clean] = [weighted(c, 1), weighted(c, 2)];
    const perEnv = perEnvironment(totals, r * E * 4, E);
    const observed = effectOf(totals, r * E * 4, E);
    const small = belowMinimum(assigned.units) || belowMinimum(clean.units);
    return {
      c,
      observed,
      tested: c.spec.test && !small && !Number.isNaN(observed) && draws > 0,
      row: {
        kind: c.spec.kind,
        outcome: c.spec.outcome,
        assigned,
        clean,
        effect: intervals[r],
        environmentEffects: Object.fromEntries(
          envs.flatMap((env, e) => (Number.isNaN(perEnv[e]) ? [] : [[env, perEnv[e]]])),
        ),
        belowMinimum: small,
      },
    };
  });
  const tested = rows.filter((r) => r.tested);
  const ps = randomizationPs(units, kinds, tested, envs, draws, boot.seed ?? 1);
  const holm = holmAdjust(ps);
  return rows.map((r) => {
    const at = tested.indexOf(r);
    return { ...r.row, p: at < 0 ? null : ps[at], holmP: at < 0 ? null : holm[at] };
  });
}
