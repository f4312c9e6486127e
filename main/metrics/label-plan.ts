/**
 * The label budget planner: from the labels so far (the pilot), how many labels each system's figure needs for a
 * chosen interval width, drawn as a simple random sample (PPI++, or humans alone) or stratified by whether the judge
 * says the outcome (proportional or Neyman allocation); docs/metrics-benchmarks.md, "Label budget".
 */
import type { Db } from '../db/open';
import { DomainError } from '../domain/errors';
import type { LabelPlan, LabelPlanDesign, LabelPlanRow } from '../../shared/types/ppi';
import { requireJudgeMapping } from '../annotation/judge-mappings';
import {
  classicalLabelsForWidth,
  neymanAllocation,
  plugInCovariance,
  plugInVariance,
  ppiLabelsForWidth,
  ppiPlusPlusMean,
  proportionalAllocation,
  stratifiedLabelsForWidth,
  twoSidedZ,
} from '../stats/ppi/index';
import type { CorrectedCall } from './corrected-figures';
import { outcomesOf } from './judge-corrected';
import { mappingReader } from './mapping-calls';

/** Below this many labelled calls a system's variances are not read from its labels but taken at their widest. */
export const MIN_PILOT = 10;
/** The variance of a 0/1 share at one half: the widest there is. */
const WORST_VARIANCE = 0.25;

/** A figure named on the command line: `MAPPING` (binary) or `MAPPING=CATEGORY` (categorical). */
export function parseFigure(db: Db, studyId: number, figure: string): { mapping: string; outcome: string } {
  const whole = figure.trim();
  const at = whole.lastIndexOf('=');
  const [key, outcome] = at < 0 ? [whole, 'positive'] : [whole.slice(0, at), whole.slice(at + 1)];
  const mapping = requireJudgeMapping(db, studyId, key);
  const outcomes = outcomesOf(mapping);
  if (!outcomes.includes(outcome))
    throw new DomainError(
      'invalid_input',
      mapping.kind === 'binary'
        ? `"${key}" is a binary mapping: name it alone`
        : `name a category of "${key}": ${outcomes.map((o) => `${key}=${o}`).join(', ')}`,
    );
  return { mapping: key, outcome };
}

/** 0/1 of each call's value being the outcome. */
const flags = (values: readonly (string | null)[], outcome: string) => values.map((v) => (v === outcome ? 1 : 0));

/** A count that cannot exceed the calls there are: null past them. */
const within = (labels: number | null, calls: number) => (labels === null || labels > calls ? null : labels);

/** The two stratified designs: strata "the judge says the outcome" and "it does not". */
function stratifiedDesigns(
  calls: readonly CorrectedCall[],
  outcome: string,
  halfWidth: number,
  z: number,
  pilot: boolean,
) {
  const strata = [true, false]
    .map((says) => {
      const members = calls.filter((c) => (c.judge === outcome) === says);
      const ys = flags(
        members.filter((c) => c.human !== null).map((c) => c.human),
        outcome,
      );
      return {
        stratum: says ? `judge: ${outcome}` : 'judge: other',
        calls: members.length,
        labelled: ys.length,
        deviation: pilot && ys.length >= 2 ? Math.sqrt(plugInVariance(ys)) : Math.sqrt(WORST_VARIANCE),
      };
    })
    .filter((s) => s.calls > 0);
  const total = calls.length;
  return (['proportional', 'neyman'] as const).map((allocation): LabelPlanDesign => {
    const weights = strata.map((s) => s.calls / total);
    const deviations = strata.map((s) => s.deviation);
    const labels = within(stratifiedLabelsForWidth(weights, deviations, halfWidth, z, allocation), total);
    const sizes = strata.map((s) => s.calls);
    const needed =
      labels === null
        ? strata.map(() => 0)
        : allocation === 'neyman'
          ? neymanAllocation(sizes, deviations, labels, 2)
          : proportionalAllocation(sizes, labels);
    return {
      design: allocation === 'neyman' ? 'by judge label, Neyman' : 'by judge label, proportional',
      labels,
      more: labels === null ? null : strata.reduce((m, s, h) => m + Math.max(0, needed[h] - s.labelled), 0),
      strata: strata.map((s, h) => ({ stratum: s.stratum, calls: s.calls, labelled: s.labelled, needed: needed[h] })),
    };
  });
}

/** The plan of one system's calls. */
function planRow(system: string, calls: readonly CorrectedCall[], outcome: string, width: number, confidence: number) {
  const z = twoSidedZ(confidence);
  const halfWidth = width / 2;
  const labelled = calls.filter((c) => c.human !== null);
  const ys = flags(
    labelled.map((c) => c.human),
    outcome,
  );
  const fs = flags(
    labelled.map((c) => c.judge),
    outcome,
  );
  const others = flags(
    calls.filter((c) => c.human === null).map((c) => c.judge),
    outcome,
  );
  const pilot = labelled.length >= MIN_PILOT;
  const now = labelled.length > 0 ? ppiPlusPlusMean(ys, fs, others, confidence) : null;
  const ppi = within(
    ppiLabelsForWidth(
      {
        humanVariance: pilot ? plugInVariance(ys) : WORST_VARIANCE,
        covariance: pilot ? plugInCovariance(ys, fs) : 0,
        judgeVariance: plugInVariance([...fs, ...others]),
        calls: calls.length,
      },
      halfWidth,
      z,
    ),
    calls.length,
  );
  const humans = within(
    classicalLabelsForWidth(pilot ? plugInVariance(ys) : WORST_VARIANCE, halfWidth, z),
    calls.length,
  );
  const more = (labels: number | null) => (labels === null ? null : Math.max(0, labels - labelled.length));
  const row: LabelPlanRow = {
    system,
    calls: calls.length,
    labelled: labelled.length,
    width: now && Number.isFinite(now.high - now.low) ? now.high - now.low : null,
    basis: pilot ? 'pilot' : 'worst case',
    designs: [
      { design: 'simple random, PPI++', labels: ppi, more: more(ppi) },
      { design: 'simple random, humans only', labels: humans, more: more(humans) },
      ...stratifiedDesigns(calls, outcome, halfWidth, z, pilot),
    ],
  };
  return row;
}

/** How many labels each system's figure needs for an interval of `width` (high − low) at `confidence`. */
export function labelPlan(db: Db, studyId: number, figure: string, width: number, confidence = 0.95): LabelPlan {
  if (!(width > 0 && width < 1)) throw new DomainError('invalid_input', `the width must be in (0, 1), got ${width}`);
  const { mapping: key, outcome } = parseFigure(db, studyId, figure);
  const mapping = requireJudgeMapping(db, studyId, key);
  const { calls } = mappingReader(db, studyId)(mapping);
  const systems = [...new Set(calls.map((c) => c.system))].sort((a, b) => a.localeCompare(b));
  return {
    mapping: key,
    outcome,
    label: mapping.label,
    width,
    confidence,
    rows: systems.map((s) =>
      planRow(
        s,
        calls.filter((c) => c.system === s),
        outcome,
        width,
        confidence,
      ),
    ),
  };
}
