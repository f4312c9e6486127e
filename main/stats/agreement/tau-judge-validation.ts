/** τ-Elicitation judge validation: recomputes judge_validation/metrics.json from validation.csv (call and finding units). */
import { kappaFromTable, disagreementWeights } from './cohen-kappa';
import { codeRatings } from './coding';
import { InputFieldError, parseCsvWithLines, type LinedRecord } from './csv-lines';
import { fleissKappa } from './fleiss-kappa';
import { binaryPairAgreement, f1Score, judgeVsPooledHumans, type JudgedUnit, type PairAgreement, type Pooling } from './human-vs-judge';

/** Precision (finding level), recall (call level) and their F1, as in metrics.json. */
export interface TauScores {
  precision: number;
  recall: number;
  f1: number;
}

/** The values of metrics.json that validation.csv determines, under the same keys. */
export interface TauReproducedMetrics {
  counts: {
    calls: number;
    judge_findings: number;
    judge_flagged_calls: number;
    lenient_confirmed_findings: number;
    lenient_human_positive_calls: number;
    strict_confirmed_findings: number;
    strict_human_positive_calls: number;
  };
  strict: TauScores;
  lenient: TauScores;
  finding_decision_agreement: number;
}

/** Cohen's κ of the two annotators' finding decisions for one way of dividing the split (one-vote) findings between them. */
export interface FindingKappaCandidate {
  onlyFirstPositive: number;
  onlySecondPositive: number;
  kappa: number;
}

/** Everything computed from validation.csv: the reproducible metrics.json values plus what the CSV can say beyond them. */
export interface TauJudgeValidation {
  metrics: TauReproducedMetrics;
  /** metrics.json's finding_decision_kappa is one of these; which one needs the per-annotator decisions, which the CSV lacks. */
  findingDecisionKappaCandidates: FindingKappaCandidate[];
  /** Fleiss' κ of the finding decisions: unlike Cohen's κ it needs only the vote counts. */
  findingDecisionFleissKappa: number;
  /** Call level, where each annotator's severity is known (positive = severity > 0). */
  callLevel: { annotatorAVsJudge: PairAgreement; annotatorBVsJudge: PairAgreement; annotatorAVsB: PairAgreement };
}

const COLUMNS = ['unit_type', 'simulation_id', 'judge_label', 'human_positive_votes', 'human_strict_label', 'human_lenient_label', 'human_severity_a', 'human_severity_b'];

/** Parses validation.csv, checks its internal consistency, and computes the judge-versus-human metrics. */
export function tauJudgeValidation(csvText: string, fileName: string): TauJudgeValidation {
  const rows = parseCsvWithLines(csvText, fileName, COLUMNS);
  const int = (row: LinedRecord, field: string, max: number) => {
    const text = row.fields[field];
    const value = Number(text);
    if (!/^\d+$/.test(text) || value > max) throw new InputFieldError(fileName, row.line, field, `expected a whole number 0..${max}, got "${text}"`);
    return value;
  };
  const calls: { row: LinedRecord; unit: JudgedUnit; a: boolean; b: boolean }[] = [];
  const findings: { row: LinedRecord; unit: JudgedUnit }[] = [];
  for (const row of rows) {
    const type = row.fields.unit_type;
    if (type !== 'call' && type !== 'finding') throw new InputFieldError(fileName, row.line, 'unit_type', `expected "call" or "finding", got "${type}"`);
    const votes = int(row, 'human_positive_votes', 2);
    const unit: JudgedUnit = { judge: int(row, 'judge_label', 1) === 1, annotators: 2, positiveVotes: votes };
    if (int(row, 'human_strict_label', 1) !== Number(votes === 2)) throw new InputFieldError(fileName, row.line, 'human_strict_label', 'must be 1 exactly when both annotators are positive');
    if (int(row, 'human_lenient_label', 1) !== Number(votes >= 1)) throw new InputFieldError(fileName, row.line, 'human_lenient_label', 'must be 1 exactly when at least one annotator is positive');
    if (type === 'finding') {
      if (!unit.judge) throw new InputFieldError(fileName, row.line, 'judge_label', 'a finding is a judge flag and must be 1');
      findings.push({ row, unit });
      continue;
    }
    const a = int(row, 'human_severity_a', 9) > 0;
    const b = int(row, 'human_severity_b', 9) > 0;
    if (Number(a) + Number(b) !== votes) throw new InputFieldError(fileName, row.line, 'human_positive_votes', 'must count the annotators with severity > 0');
    calls.push({ row, unit, a, b });
  }
  assertFindingsFlagCalls(calls, findings, fileName);

  const votes = (units: { unit: JudgedUnit }[], v: (n: number) => boolean) => units.filter((u) => v(u.unit.positiveVotes)).length;
  const both = votes(findings, (n) => n === 2);
  const neither = votes(findings, (n) => n === 0);
  const split = findings.length - both - neither;
  const judge = calls.map((c) => c.unit.judge);
  return {
    metrics: tauValidationMetrics(calls.map((c) => c.unit), findings.map((f) => f.unit)),
    findingDecisionKappaCandidates: Array.from({ length: split + 1 }, (_, first) => ({
      onlyFirstPositive: first,
      onlySecondPositive: split - first,
      kappa: kappaFromTable([neither, split - first, first, both], 2, disagreementWeights(2, 'unweighted')),
    })),
    findingDecisionFleissKappa: fleissKappa(
      codeRatings({
        items: findings.map((_, i) => String(i)),
        raters: ['first', 'second'],
        labels: findings.map(({ unit }) => [unit.positiveVotes >= 1 ? '1' : '0', unit.positiveVotes === 2 ? '1' : '0']),
      }),
    ),
    callLevel: {
      annotatorAVsJudge: binaryPairAgreement(judge, calls.map((c) => c.a)),
      annotatorBVsJudge: binaryPairAgreement(judge, calls.map((c) => c.b)),
      annotatorAVsB: binaryPairAgreement(calls.map((c) => c.a), calls.map((c) => c.b)),
    },
  };
}

/**
 * metrics.json's figures from its two kinds of unit: call units (judge flag, human votes) give recall and the call
 * counts; finding units (each a judge flag) give precision and the finding counts. Pooling: strict = both positive,
 * lenient = either positive (metrics.json's unit_contract).
 */
export function tauValidationMetrics(calls: readonly JudgedUnit[], findings: readonly JudgedUnit[]): TauReproducedMetrics {
  const score = (pooling: Pooling): TauScores => {
    const precision = judgeVsPooledHumans(findings, pooling).precision;
    const recall = judgeVsPooledHumans(calls, pooling).recall;
    return { precision, recall, f1: f1Score(precision, recall) };
  };
  const count = (units: readonly JudgedUnit[], v: (u: JudgedUnit) => boolean) => units.filter(v).length;
  const both = count(findings, (u) => u.positiveVotes === u.annotators);
  const neither = count(findings, (u) => u.positiveVotes === 0);
  return {
    counts: {
      calls: calls.length,
      judge_findings: findings.length,
      judge_flagged_calls: count(calls, (u) => u.judge),
      lenient_confirmed_findings: count(findings, (u) => u.positiveVotes >= 1),
      lenient_human_positive_calls: count(calls, (u) => u.positiveVotes >= 1),
      strict_confirmed_findings: both,
      strict_human_positive_calls: count(calls, (u) => u.annotators > 0 && u.positiveVotes === u.annotators),
    },
    strict: score('strict'),
    lenient: score('lenient'),
    finding_decision_agreement: (both + neither) / findings.length,
  };
}

/** "Any speech-fidelity finding flags a call": a call's judge_label must be 1 exactly when some finding names its simulation. */
function assertFindingsFlagCalls(calls: { row: LinedRecord; unit: JudgedUnit }[], findings: { row: LinedRecord }[], fileName: string): void {
  const flagged = new Set(findings.map((f) => f.row.fields.simulation_id));
  const callIds = new Set(calls.map((c) => c.row.fields.simulation_id));
  for (const { row } of findings) {
    if (!callIds.has(row.fields.simulation_id)) throw new InputFieldError(fileName, row.line, 'simulation_id', 'names no call row');
  }
  for (const { row, unit } of calls) {
    if (unit.judge !== flagged.has(row.fields.simulation_id)) {
      throw new InputFieldError(fileName, row.line, 'judge_label', 'must be 1 exactly when the call has at least one finding row');
    }
  }
}
