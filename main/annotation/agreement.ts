/** Agreement of a study's annotators on one field: overall, by system and condition, against the adjudicated label and the judge. */
import type { Db } from '../db/open';
import type { BreakdownReport, LabelPhase, PairReport, StudyAgreement } from '../../shared/types/annotation';
import type { AgreementOptions, AlphaMetric, RatingsTable, WeightFamily } from '../stats/agreement/index';
import { DomainError } from '../domain/errors';
import { requireStudy } from './lookups';
import type { FieldRatings } from './ratings';
import { problemOf, reportsInWorker } from './reports-in-worker';
import type { BatchJob } from './batch-worker';
import { breakdownGroups } from './breakdowns';
import { computeJudgeValidation, humanSide } from './judge-validation';
import { DEFAULT_TOLERANCE_MS, fieldExtras, labelSetsOf, setAgreement } from './field-extras';

/** What to compute. */
export interface AgreementRequest {
  studyId: number;
  field: string;
  raterIds?: number[];
  /** The report's level (α's metric); default the field's own level. */
  level?: AlphaMetric;
  /** Weight family of the weighted forms; default the level's natural one. */
  weights?: WeightFamily;
  phase?: LabelPhase;
  seed?: number;
  resamples?: number;
  /** Tolerance of time and region agreement, ms (default DEFAULT_TOLERANCE_MS). */
  toleranceMs?: number;
  /** Also bootstrap α by the Hayes–Krippendorff pair resampling. */
  pairBootstrap?: boolean;
  /**
   * Population size N of the analytic SEs' finite-population correction (at least the items rated); applied to the
   * reports over every item (overall, each rater vs the adjudicated label), not to the breakdowns.
   */
  population?: number;
}

/** Rater name of the adjudicated (or unanimously accepted) final label. */
export const ADJUDICATED_RATER = 'adjudicated';

function table(r: FieldRatings, rows: number[], columns: (i: number) => (string | null)[], raters: string[]): RatingsTable {
  return { items: rows.map((i) => r.items[i].externalId), raters, labels: rows.map(columns) };
}

/** Computes everything for one field off the main thread: every report (overall, breakdowns, pairs) on one worker. */
export async function computeStudyAgreement(
  db: Db,
  req: AgreementRequest,
  hooks: { progress?: (done: number, total: number, message: string) => void; signal?: AbortSignal } = {},
): Promise<StudyAgreement> {
  const study = requireStudy(db, req.studyId);
  const side = humanSide(db, req);
  const r = side.ratings;
  if (r.raters.length < 2) throw new DomainError('invalid_input', `${req.field}: agreement needs labels from at least 2 annotators, found ${r.raters.length}`);
  const rated = r.items.length;
  if (req.population !== undefined && !(Number.isInteger(req.population) && req.population >= rated)) {
    const why = `population must be a whole number of at least the ${rated} items rated, got ${req.population}`;
    throw new DomainError('invalid_input', `${req.field}: ${why}`);
  }
  const level = req.level ?? r.level;
  const options: AgreementOptions = {
    level,
    weights: req.weights,
    // Interval and ratio take the observed numbers, in numeric order; the others the field's category order.
    categories: level === 'interval' || level === 'ratio' ? undefined : r.categories,
    seed: req.seed,
    resamples: req.resamples,
    pairBootstrap: req.pairBootstrap,
  };
  const names = r.raters.map((x) => x.name);
  const all = r.items.map((_, i) => i);
  const jobs: BatchJob[] = [];
  const groups = breakdownGroups(r.items);
  for (const g of groups) jobs.push({ table: table(r, g.rows, (i) => r.labels[i], names), options });

  // The population is that of the whole item set; a breakdown's own population size is not known.
  const allItems: AgreementOptions = { ...options, population: req.population };
  const pairs: { rater: string; reference: string; job: number }[] = [];
  const pairWith = (reference: string, refLabels: (string | null)[], raters: { name: string; column: (i: number) => string | null }[]) => {
    for (const rater of raters) {
      pairs.push({ rater: rater.name, reference, job: jobs.length });
      const columns = (i: number) => [rater.column(i), refLabels[i]];
      jobs.push({ table: table(r, all, columns, [rater.name, reference]), options: allItems });
    }
  };
  const humans = r.raters.map((x, k) => ({ name: x.name, column: (i: number) => r.labels[i][k] }));
  if (side.adjudicated.some((l) => l !== null)) pairWith(ADJUDICATED_RATER, side.adjudicated, humans);

  // The overall report goes last on the same worker as the rest: one thread start (~0.5 s with tsx) instead of two.
  const overallJob = jobs.length;
  jobs.push({ table: table(r, all, (i) => r.labels[i], names), options: allItems });
  // A multi-label field's set α intervals are drawn on the same worker (seconds for 10,000 items of five raters).
  const phase = req.phase ?? 'final';
  const units = labelSetsOf(db, r, { studyId: req.studyId, phase });
  const setsJob = jobs.length;
  if (units) jobs.push({ sets: units, options: { seed: req.seed, resamples: req.resamples } });
  hooks.progress?.(0, jobs.length, `${req.field}: ${r.items.length} items, ${names.length} raters`);
  const reports = reportsInWorker(jobs, (done) => hooks.progress?.(done, jobs.length, `${done} of ${jobs.length} reports`), hooks.signal);
  // The judge section is computed here while the worker bootstraps the human–human reports on the other core.
  const judge = computeJudgeValidation(db, { ...req, side });
  const toleranceMs = req.toleranceMs ?? DEFAULT_TOLERANCE_MS;
  const extrasOptions = { studyId: req.studyId, phase, toleranceMs, seed: req.seed, resamples: req.resamples };
  const outcomes = await reports;
  const setOutcome = units ? outcomes[setsJob] : null;
  if (setOutcome && !('sets' in setOutcome)) {
    throw new DomainError('invalid_input', `${req.field}: ${problemOf(setOutcome)}`);
  }
  const sets = units && setOutcome ? setAgreement(units, setOutcome.sets) : null;
  const extras = fieldExtras(db, r, extrasOptions, sets);
  const last = outcomes[overallJob];
  if (!('report' in last)) throw new DomainError('invalid_input', `${req.field}: ${problemOf(last)}`);
  const overall = last.report;
  const breakdowns: BreakdownReport[] = groups.map((g, k) => {
    const o = outcomes[k];
    const part = 'report' in o ? { report: o.report } : { report: null, problem: problemOf(o) };
    return { by: g.by, group: g.group, ...part };
  });
  const pairReport = (p: (typeof pairs)[number]): PairReport => {
    const o = outcomes[p.job];
    const part = 'report' in o ? { report: o.report } : { report: null, problem: problemOf(o) };
    return { rater: p.rater, reference: p.reference, ...part };
  };
  return {
    study: { id: study.id, name: study.name },
    field: req.field,
    phase: req.phase ?? 'final',
    raters: names,
    overall,
    breakdowns,
    vsAdjudicated: pairs.map(pairReport),
    unresolvedExcluded: side.unresolved.filter(Boolean).length,
    judge,
    extras,
  };
}
