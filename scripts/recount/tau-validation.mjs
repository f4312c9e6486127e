#!/usr/bin/env node
/**
 * Recounts, from the τ-Elicitation release's human validation files (fixtures/tau-elicitation/judge_validation), the
 * label and judge-versus-human counts the unit tests expect. Plain Node, no dependencies, nothing from the product.
 * Prints one JSON object (the shape of TAU_VALIDATION in test-support/fixture-counts.ts).
 *
 * Usage: node scripts/recount/tau-validation.mjs [FIXTURES_DIR]   (default $EARSHOT_FIXTURES or ../shared/fixtures)
 *
 * Definitions (fixtures README §2 "judge_validation/"):
 * - validation.csv has `unit_type` = `call` (100 rows) and `finding` (41 rows); a finding row belongs to the call row
 *   with its `simulation_id`. Annotator A is the `human_*_a` columns, B the `human_*_b` columns; an empty cell is no
 *   label. Per-annotator columns are empty on finding rows, so every label count is over call rows.
 * - the judge flags a call when `judge_label` is 1; a call's judge categories are the distinct `factor`s of its
 *   finding rows.
 * - a human positive is `human_severity_* > 0` (per annotator), or `human_strict_label` / `human_lenient_label` = 1
 *   (the pooled humans); severity ≥ 2 is `human_severity_* >= 2`. TP = judge and human positive, FP = judge only,
 *   FN = human only, TN = neither.
 * - a resolved label is the two annotators' common value, `disputed` when both labelled and differ, and the one
 *   given when only one labelled (no adjudication in the release).
 * - fidelity_validation_60/utterances.csv: 60 rows, human positive `human_fidelity_positive`, judge positive
 *   `judge_severity_ge_2_positive` or `judge_any_finding_positive` (booleans `true`/`false`); the confusion is
 *   recounted from those booleans, not read from the `confusion_*` columns.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fixturesDir, readCsv } from './read-files.mjs';

const root = `${fixturesDir()}/tau-elicitation`;
const rows = readCsv(`${root}/judge_validation/validation.csv`);
const calls = rows.filter((r) => r.unit_type === 'call');
const findings = rows.filter((r) => r.unit_type === 'finding');

/** Occurrences of each non-empty value, in descending count (ties by first appearance). */
function tally(values) {
  const counts = new Map();
  for (const v of values) if (v !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

/** TP, FP, FN, TN of the judge against a human reading of each row. */
function confusion(units, judge, human) {
  const n = (j, h) => units.filter((u) => judge(u) === j && human(u) === h).length;
  return {
    truePositives: n(true, true),
    falsePositives: n(true, false),
    falseNegatives: n(false, true),
    trueNegatives: n(false, false),
  };
}

const resolve = (a, b) => (a === '' ? b : b === '' || a === b ? a : 'disputed');
const resolved = (column) => calls.map((c) => resolve(c[`${column}_a`], c[`${column}_b`]));
const flagged = (c) => c.judge_label === '1';
const both = (column) => calls.filter((c) => c[`${column}_a`] !== '' && c[`${column}_b`] !== '');
const agreeing = (units, column) => units.filter((c) => c[`${column}_a`] === c[`${column}_b`]).length;
const SOURCES = ['agent', 'user', 'system', 'no_error'];
const sourceMatrix = SOURCES.map((a) =>
  SOURCES.map((b) => calls.filter((c) => c.human_error_source_a === a && c.human_error_source_b === b).length),
);

const categoriesOf = new Map(calls.map((c) => [c.simulation_id, new Set()]));
for (const f of findings) categoriesOf.get(f.simulation_id).add(f.factor);
const population = calls.filter((c) => flagged(c) || categoriesOf.get(c.simulation_id).size > 0);
const categories = {};
for (const c of population) for (const k of categoriesOf.get(c.simulation_id)) categories[k] = (categories[k] ?? 0) + 1;

const utterances = readCsv(`${root}/judge_validation/fidelity_validation_60/utterances.csv`);
const transcriptIds = new Set(
  readdirSync(`${root}/transcripts`).flatMap((name) =>
    readFileSync(`${root}/transcripts/${name}`, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line).simulation_id),
  ),
);
const yes = (column) => (u) => u[column] === 'true';

const severity = (column, min) => (c) => Number(c[column]) >= min;
const out = {
  calls: calls.length,
  findings: findings.length,
  flagged: calls.filter(flagged).length,
  sources: { A: tally(calls.map((c) => c.human_error_source_a)), B: tally(calls.map((c) => c.human_error_source_b)) },
  subtypesA: tally(calls.map((c) => c.human_error_subtype_a)),
  resolved: {
    sources: tally(resolved('human_error_source')),
    subtypes: tally(resolved('human_error_subtype')),
    callsDisputed: calls.filter(
      (c, i) => resolved('human_error_source')[i] === 'disputed' || resolved('human_error_subtype')[i] === 'disputed',
    ).length,
  },
  agreement: {
    sourceCategories: SOURCES,
    sourceMatrix,
    sourceAgreeing: agreeing(calls, 'human_error_source'),
    severityAgreeing: agreeing(calls, 'human_severity'),
    subtypePairs: both('human_error_subtype').length,
    subtypeAgreeing: agreeing(both('human_error_subtype'), 'human_error_subtype'),
    severityPositiveAgreeing: calls.filter((c) => c.human_severity_a > 0 === c.human_severity_b > 0).length,
  },
  judge: {
    A: confusion(calls, flagged, severity('human_severity_a', 1)),
    B: confusion(calls, flagged, severity('human_severity_b', 1)),
    strict: confusion(calls, flagged, (c) => c.human_strict_label === '1'),
    lenient: confusion(calls, flagged, (c) => c.human_lenient_label === '1'),
    severity2A: confusion(calls, flagged, severity('human_severity_a', 2)),
  },
  categories: { population: population.length, counts: Object.fromEntries(Object.entries(categories).sort()) },
  fidelity: {
    utterances: utterances.length,
    calls: new Set(utterances.map((u) => u.simulation_id)).size,
    withTranscript: utterances.filter((u) => transcriptIds.has(u.simulation_id)).length,
    severity2: confusion(utterances, yes('judge_severity_ge_2_positive'), yes('human_fidelity_positive')),
    anyFinding: confusion(utterances, yes('judge_any_finding_positive'), yes('human_fidelity_positive')),
  },
};

process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
