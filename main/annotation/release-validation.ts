/**
 * τ-Elicitation's public release validation, recomputed from what the study imported: the call and finding units of
 * judge_validation/validation.csv (metrics.json's figures), the fidelity cohort of fidelity_validation_60, and the
 * figures of human_failure_validation_90 as the release states them (its per-call rows are not public).
 */
import type { Db } from '../db/open';
import type { ReleaseFigure, ReleaseValidationPart } from '../../shared/types/judge-validation';
import { TAU_ELICITATION_VALIDATION_JUDGE } from '../../shared/taxonomies/judge-mappings';
import { newestJudgeOutputs } from '../db/judge-outputs';
import { studyInfo } from '../db/studies';
import { tauValidationMetrics, type JudgedUnit } from '../stats/agreement/index';
import { judgeFlagFigures } from '../stats/agreement/judge-figures';
import type { PatternBootstrapOptions } from '../stats/agreement/pattern-bootstrap';
import { FIDELITY_VALIDATION_FILE, type FidelityUtterance } from '../importers/tau-elicitation/fidelity-validation';
import { requireStudy, studyEpisodes } from './lookups';

const METRICS_FILE = 'judge_validation/metrics.json';
const VALIDATION_FILE = 'judge_validation/validation.csv';
const FAILURE_FILE = 'judge_validation/human_failure_validation_90/metrics.json';

type Json = Record<string, unknown>;
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
const obj = (x: unknown): Json => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Json) : {});
const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** The call and finding units of validation.csv as imported into the episodes (their votes and the judge's flag). */
function validationUnits(db: Db, studyId: number): { calls: JudgedUnit[]; findings: JudgedUnit[] } | null {
  const judged = newestJudgeOutputs(db, studyId, TAU_ELICITATION_VALIDATION_JUDGE);
  const calls: JudgedUnit[] = [];
  const findings: JudgedUnit[] = [];
  for (const e of studyEpisodes(db, studyId)) {
    const v = obj(e.info.validation);
    const judge = judged.get(e.id);
    const votes = num(v.humanPositiveVotes);
    if (!judge || votes === null) continue;
    calls.push({ judge: judge.label === 'flagged', annotators: 2, positiveVotes: votes });
    for (const f of Array.isArray(v.findings) ? v.findings : []) {
      const fv = num(obj(f).humanPositiveVotes);
      if (fv !== null) findings.push({ judge: true, annotators: 2, positiveVotes: fv });
    }
  }
  return calls.length ? { calls, findings } : null;
}

function callAndFindingPart(db: Db, studyId: number, info: Json): ReleaseValidationPart | null {
  const units = validationUnits(db, studyId);
  if (!units) return null;
  const m = tauValidationMetrics(units.calls, units.findings);
  const stated = obj(info[METRICS_FILE]);
  const figure = (
    key: string,
    label: string,
    computed: number | null,
    statedValue: unknown,
    note?: string,
  ): ReleaseFigure => ({
    key,
    label,
    computed,
    stated: num(statedValue),
    ...(note ? { note } : {}),
  });
  const counts = obj(stated.counts);
  const figures: ReleaseFigure[] = [
    ...Object.entries(m.counts).map(([k, v]) => figure(`counts.${k}`, k.replaceAll('_', ' '), v, counts[k])),
    ...(['strict', 'lenient'] as const).flatMap((p) =>
      (['precision', 'recall', 'f1'] as const).map((s) =>
        figure(`${p}.${s}`, `${p} ${s === 'f1' ? 'F1' : s}`, finite(m[p][s]), obj(stated[p])[s]),
      ),
    ),
    figure(
      'finding_decision_agreement',
      'finding decision agreement',
      finite(m.finding_decision_agreement),
      stated.finding_decision_agreement,
    ),
    figure(
      'finding_decision_kappa',
      "finding decision Cohen's κ",
      null,
      stated.finding_decision_kappa,
      'needs which annotator confirmed each split finding; the release gives only the vote count, so it is not recomputed',
    ),
  ];
  return {
    file: VALIDATION_FILE,
    title: 'Speech judge vs two annotators (validation.csv → metrics.json)',
    units: `${m.counts.calls} calls (recall) and ${m.counts.judge_findings} judge findings (precision)`,
    figures,
    definitions: [],
    notes: [
      'precision is finding-level, recall call-level; strict = both annotators positive, lenient = either (metrics.json unit_contract)',
      stated.counts
        ? `stated values from ${METRICS_FILE}`
        : `${METRICS_FILE} was not imported: nothing to compare with`,
    ],
  };
}

function fidelityPart(
  db: Db,
  studyId: number,
  info: Json,
  options: PatternBootstrapOptions,
): ReleaseValidationPart | null {
  const rows = obj(info[FIDELITY_VALIDATION_FILE]).rows as FidelityUtterance[] | undefined;
  if (!rows?.length) return null;
  const withTranscript = studyEpisodes(db, studyId).filter((e) => e.info.source !== VALIDATION_FILE);
  const imported = new Set(withTranscript.map((e) => e.externalId));
  const linked = rows.filter((r) => imported.has(r.simulation_id)).length;
  const calls = new Set(rows.map((r) => r.simulation_id)).size;
  const definitions = [
    {
      key: 'severity_ge_2',
      label: 'judge severity ≥ 2',
      flag: (r: FidelityUtterance) => r.judge_severity_ge_2_positive,
      column: 'confusion_severity_ge_2' as const,
    },
    {
      key: 'any_finding',
      label: 'judge any finding',
      flag: (r: FidelityUtterance) => r.judge_any_finding_positive,
      column: 'confusion_any_finding' as const,
    },
  ];
  const [ge2, any] = definitions.map(
    (d) =>
      judgeFlagFigures(
        rows.map((r) => ({ judge: d.flag(r), references: [r.human_fidelity_positive] })),
        1,
        options,
      )[0]!,
  );
  const figures: ReleaseFigure[] = definitions.flatMap((d, k) => {
    const f = [ge2, any][k];
    const stated = (cell: string) => rows.filter((r) => r[d.column] === cell).length;
    return (
      [
        ['TP', f.truePositives],
        ['FP', f.falsePositives],
        ['FN', f.falseNegatives],
        ['TN', f.trueNegatives],
      ] as const
    ).map(([cell, computed]) => ({
      key: `${d.key}.${cell}`,
      label: `${d.label}: ${cell}`,
      computed,
      stated: stated(cell),
      note: `the file's ${d.column} column`,
    }));
  });
  return {
    file: FIDELITY_VALIDATION_FILE,
    title: 'Speech judge vs the final human label (fidelity cohort)',
    units: `${rows.length} agent utterances of ${calls} calls`,
    figures,
    definitions: definitions.map((d, k) => ({ key: d.key, label: d.label, figures: [ge2, any][k] })),
    notes: [
      'final human labels only: the release removed per-reviewer labels, so inter-rater agreement cannot be computed from this file',
      `${linked} of ${rows.length} utterances belong to calls imported with their transcript; utterance_idx indexes the full ` +
        'simulation, which the compact transcript does not number, so they are linked to the call, not to a turn',
    ],
  };
}

function failurePart(info: Json): ReleaseValidationPart | null {
  const m = obj(info[FAILURE_FILE]);
  if (!Object.keys(m).length) return null;
  const figures: ReleaseFigure[] = [];
  for (const group of ['error_source', 'agent_error_subtype', 'user_error_subtype']) {
    const g = obj(m[group]);
    for (const [value, cell] of Object.entries(g)) {
      if (value === 'denominator') continue;
      const c = obj(cell);
      figures.push({
        key: `${group}.${value}.share`,
        label: `${group.replaceAll('_', ' ')}: ${value} (n = ${num(c.n) ?? '?'} of ${num(g.denominator) ?? '?'})`,
        computed: null,
        stated: num(c.share),
      });
    }
  }
  const artifact = obj(m.artifact);
  return {
    file: FAILURE_FILE,
    title: 'Failure attribution of reward-0 calls (human_failure_validation_90)',
    units: `${num(m.n_calls) ?? '?'} calls`,
    figures,
    definitions: [],
    notes: [
      `the release's own figures, as stated: the per-call labels behind them (${String(artifact.calls_path ?? 'calls.csv')}) are not in the imported copy, so Earshot cannot recompute them`,
      'final labels only: inter-rater agreement cannot be computed from this release',
    ],
  };
}

/** Every part of the release's validation the study imported; [] for studies of other benchmarks. */
export function releaseValidation(
  db: Db,
  studyId: number,
  options: PatternBootstrapOptions = {},
): ReleaseValidationPart[] {
  if (requireStudy(db, studyId).benchmark !== 'tau-elicitation') return [];
  const info = studyInfo(db, studyId);
  return [callAndFindingPart(db, studyId, info), fidelityPart(db, studyId, info, options), failurePart(info)].filter(
    (p): p is ReleaseValidationPart => p !== null,
  );
}
