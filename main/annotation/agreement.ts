/** Agreement of a study's annotators on one field: overall, by system and condition, against the judge and the adjudicated label. */
import type { Db } from '../db/open';
import type { BreakdownReport, LabelPhase, PairReport, StudyAgreement } from '../../shared/types/annotation';
import { judgeVsPooledHumans, type AgreementOptions, type JudgedUnit, type Level, type RatingsTable } from '../stats/agreement/index';
import { ApiError } from '../api/errors';
import { requireStudy } from './lookups';
import { fieldRatings, type FieldRatings } from './ratings';
import { finalLabels } from './adjudication';
import { reportsInWorker } from './reports-in-worker';
import type { BatchJob } from './batch-worker';

/** What to compute. */
export interface AgreementRequest {
  studyId: number;
  field: string;
  raterIds?: number[];
  level?: Level;
  phase?: LabelPhase;
  seed?: number;
  resamples?: number;
}

/** Name of the judge and of the adjudicated label when they take part as raters. */
export const JUDGE_RATER = 'judge';
/** Rater name of the adjudicated (or unanimously accepted) final label. */
export const ADJUDICATED_RATER = 'adjudicated';

function table(r: FieldRatings, rows: number[], columns: (i: number) => (string | null)[], raters: string[]): RatingsTable {
  return { items: rows.map((i) => r.items[i].externalId), raters, labels: rows.map(columns) };
}

/** The groups of items by system and by each condition key (VERA's track, τ-Elicitation's environment ...); a key with one value is left out. */
export function breakdownGroups(r: FieldRatings): { by: string; group: string; rows: number[] }[] {
  const byKey = new Map<string, Map<string, number[]>>();
  const add = (by: string, group: string, i: number) => {
    if (!byKey.has(by)) byKey.set(by, new Map());
    const groups = byKey.get(by)!;
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group)!.push(i);
  };
  r.items.forEach((e, i) => {
    add('system', e.system || '(none)', i);
    for (const [k, v] of Object.entries(e.condition)) add(`condition.${k}`, String(v), i);
  });
  return [...byKey].filter(([, groups]) => groups.size > 1).flatMap(([by, groups]) => [...groups].map(([group, rows]) => ({ by, group, rows })));
}

/** Precision/recall/F1 of the judge's failure flags against the annotators' pooled failure labels (strict: all, lenient: any). */
export function judgeFlagScores(r: FieldRatings): StudyAgreement['judgeScores'] {
  if (!r.judgeComparable) return null;
  const failure = new Map(r.taxonomy.verdicts.map((v) => [v.value, v.failure]));
  const units: JudgedUnit[] = [];
  r.items.forEach((_, i) => {
    const judge = r.judge[i];
    if (judge === null || !failure.has(judge)) return;
    const known = r.labels[i].filter((l): l is string => l !== null && failure.has(l));
    units.push({ judge: failure.get(judge)!, annotators: known.length, positiveVotes: known.filter((l) => failure.get(l)).length });
  });
  if (units.every((u) => u.annotators === 0)) return null;
  return { strict: judgeVsPooledHumans(units, 'strict'), lenient: judgeVsPooledHumans(units, 'lenient') };
}

/** Computes everything for one field off the main thread: every report (overall, breakdowns, pairs) on one worker. */
export async function computeStudyAgreement(
  db: Db,
  req: AgreementRequest,
  hooks: { progress?: (done: number, total: number, message: string) => void; signal?: AbortSignal } = {},
): Promise<StudyAgreement> {
  const study = requireStudy(db, req.studyId);
  const r = fieldRatings(db, req.studyId, req.field, { phase: req.phase, raterIds: req.raterIds });
  if (r.raters.length < 2) throw new ApiError('invalid_input', `${req.field}: agreement needs labels from at least 2 annotators, found ${r.raters.length}`);
  const level = req.level ?? r.level;
  const options: AgreementOptions = { level, categories: level === 'interval' ? undefined : r.categories, seed: req.seed, resamples: req.resamples };
  const names = r.raters.map((x) => x.name);
  const all = r.items.map((_, i) => i);
  const jobs: BatchJob[] = [];
  const groups = breakdownGroups(r);
  for (const g of groups) jobs.push({ table: table(r, g.rows, (i) => r.labels[i], names), options });

  const pairs: { rater: string; reference: string; job: number }[] = [];
  const pairWith = (reference: string, refLabels: (string | null)[], raters: { name: string; column: (i: number) => string | null }[]) => {
    for (const rater of raters) {
      pairs.push({ rater: rater.name, reference, job: jobs.length });
      jobs.push({ table: table(r, all, (i) => [rater.column(i), refLabels[i]], [rater.name, reference]), options });
    }
  };
  const humans = r.raters.map((x, k) => ({ name: x.name, column: (i: number) => r.labels[i][k] }));
  if (r.judgeComparable) pairWith(JUDGE_RATER, r.judge, humans);
  const finals = finalLabels(db, req.studyId, req.field);
  const adjudicated = r.items.map((e) => finals.get(e.id) ?? null);
  if (adjudicated.some((l) => l !== null)) {
    pairWith(ADJUDICATED_RATER, adjudicated, r.judgeComparable ? [...humans, { name: JUDGE_RATER, column: (i) => r.judge[i] }] : humans);
  }

  // The overall report goes last on the same worker as the rest: one thread start (~0.5 s with tsx) instead of two.
  const overallJob = jobs.length;
  jobs.push({ table: table(r, all, (i) => r.labels[i], names), options });
  hooks.progress?.(0, jobs.length, `${req.field}: ${r.items.length} items, ${names.length} raters`);
  const outcomes = await reportsInWorker(jobs, (done) => hooks.progress?.(done, jobs.length, `${done} of ${jobs.length} reports`), hooks.signal);
  const last = outcomes[overallJob];
  if (!('report' in last)) throw new ApiError('invalid_input', `${req.field}: ${last.problem}`);
  const overall = last.report;
  const breakdowns: BreakdownReport[] = groups.map((g, k) => {
    const o = outcomes[k];
    return { by: g.by, group: g.group, ...('report' in o ? { report: o.report } : { report: null, problem: o.problem }) };
  });
  const pairReport = (p: (typeof pairs)[number]): PairReport => {
    const o = outcomes[p.job];
    return { rater: p.rater, reference: p.reference, ...('report' in o ? { report: o.report } : { report: null, problem: o.problem }) };
  };
  return {
    study: { id: study.id, name: study.name },
    field: req.field,
    phase: req.phase ?? 'final',
    raters: names,
    overall,
    breakdowns,
    humanVsJudge: pairs.filter((p) => p.reference === JUDGE_RATER).map(pairReport),
    vsAdjudicated: pairs.filter((p) => p.reference === ADJUDICATED_RATER).map(pairReport),
    judgeScores: judgeFlagScores(r),
  };
}
