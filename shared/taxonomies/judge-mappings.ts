/**
 * The judge-to-field mappings built in for the benchmarks the studio knows: how each benchmark's judge output lines
 * up with a human field. A study may override or add its own (saved in the database).
 */
import type { Benchmark } from '../domain';
import type { Taxonomy } from '../types/annotation';
import type { JudgeMapping } from '../types/judge-validation';

type Spec = Pick<JudgeMapping, 'key' | 'label' | 'field' | 'kind'> & Partial<JudgeMapping>;

const build = (m: Spec): JudgeMapping => ({
  judgeId: null,
  output: 'label',
  judgePositive: [],
  judgeNegative: [],
  humanPositive: [],
  humanNegative: [],
  categories: {},
  source: 'builtin',
  ...m,
});

/** The τ-Elicitation speech judge of judge_validation/validation.csv, as the importer names it. */
export const TAU_ELICITATION_VALIDATION_JUDGE = 'tau-elicit-speech-judge-validation';

const tauElicitation = (): JudgeMapping[] => {
  const flagged = {
    judgeId: TAU_ELICITATION_VALIDATION_JUDGE,
    judgePositive: ['flagged'],
    judgeNegative: ['not_flagged'],
  };
  return [
    build({
      key: 'severity>=1',
      label: 'human severity ≥ 1 (any speech-fidelity issue) ↔ judge flagged (any finding)',
      field: 'severity',
      kind: 'binary',
      ...flagged,
      humanPositive: ['1', '2', '3'],
      humanNegative: ['0'],
      note: 'validation.csv: a call is human-positive when its severity is > 0 (metrics.json, call-level recall)',
    }),
    build({
      key: 'severity>=2',
      label: 'human severity ≥ 2 ↔ judge flagged (any finding)',
      field: 'severity',
      kind: 'binary',
      ...flagged,
      humanPositive: ['2', '3'],
      humanNegative: ['0', '1'],
    }),
  ];
};

/** The derived human verdict against the judge's label: the same vocabulary, and its failure flag. */
const verdictMappings = (taxonomy: Taxonomy): JudgeMapping[] => {
  const values = taxonomy.verdicts.map((v) => v.value);
  return [
    build({
      key: 'verdict',
      label: 'human verdict ↔ judge label (same vocabulary)',
      field: 'verdict',
      kind: 'categorical',
      categories: Object.fromEntries(values.map((v) => [v, v])),
    }),
    build({
      key: 'verdict:failure',
      label: 'human verdict is a failure ↔ judge label is a failure',
      field: 'verdict',
      kind: 'binary',
      judgePositive: taxonomy.verdicts.filter((v) => v.failure).map((v) => v.value),
      judgeNegative: taxonomy.verdicts.filter((v) => !v.failure).map((v) => v.value),
      humanPositive: taxonomy.verdicts.filter((v) => v.failure).map((v) => v.value),
      humanNegative: taxonomy.verdicts.filter((v) => !v.failure).map((v) => v.value),
    }),
  ];
};

const vera = (): JudgeMapping[] => {
  const grades = ['CORRECT', 'INCORRECT', 'NOT_ATTEMPTED'];
  return [
    build({
      key: 'grade',
      label: "human grade ↔ VERA grader's grade",
      field: 'grade',
      kind: 'categorical',
      categories: Object.fromEntries(grades.map((g) => [g, g])),
    }),
    build({
      key: 'grade:correct',
      label: 'human grade CORRECT ↔ grader CORRECT',
      field: 'grade',
      kind: 'binary',
      judgePositive: ['CORRECT'],
      judgeNegative: ['INCORRECT', 'NOT_ATTEMPTED'],
      humanPositive: ['CORRECT'],
      humanNegative: ['INCORRECT', 'NOT_ATTEMPTED'],
    }),
  ];
};

const dsbDg = (): JudgeMapping[] => {
  const values = ['grounded', 'intrinsic_hallucination', 'extrinsic_hallucination', 'correct_abstention'];
  return [
    build({
      key: 'grounding',
      label: "human grounding label ↔ judge's grounding label",
      field: 'grounding',
      kind: 'categorical',
      categories: Object.fromEntries(values.map((v) => [v, v])),
    }),
    build({
      key: 'grounding:hallucination',
      label: 'human: hallucination (intrinsic or extrinsic) ↔ judge: hallucination',
      field: 'grounding',
      kind: 'binary',
      judgePositive: ['intrinsic_hallucination', 'extrinsic_hallucination'],
      judgeNegative: ['grounded', 'correct_abstention'],
      humanPositive: ['intrinsic_hallucination', 'extrinsic_hallucination'],
      humanNegative: ['grounded', 'correct_abstention'],
    }),
  ];
};

/** The built-in mappings of a benchmark (the verdict mappings come from the taxonomy in force). */
export function builtinJudgeMappings(benchmark: Benchmark, taxonomy: Taxonomy): JudgeMapping[] {
  const own =
    benchmark === 'tau-elicitation'
      ? tauElicitation()
      : benchmark === 'vera'
        ? vera()
        : benchmark === 'dsb-dg'
          ? dsbDg()
          : [];
  return [...own, ...verdictMappings(taxonomy)];
}

/** A value's side under a binary mapping's lists: true (positive), false (negative), or null (neither, or no value). */
export function flagIn(positive: readonly string[], negative: readonly string[]): (v: string | null) => boolean | null {
  return (v) => (v === null ? null : positive.includes(v) ? true : negative.includes(v) ? false : null);
}

/**
 * Both sides of a mapping as values of one space, for comparing them: a categorical mapping's judge output → human
 * value (human values as they are), a binary mapping's 'positive' / 'negative'; null where the mapping says nothing.
 */
export function mappedValues(m: JudgeMapping): {
  judge: (v: string | null) => string | null;
  human: (v: string | null) => string | null;
} {
  if (m.kind === 'categorical')
    return { judge: (v) => (v === null ? null : (m.categories[v] ?? null)), human: (v) => v };
  const named = (flag: (v: string | null) => boolean | null) => (v: string | null) => {
    const f = flag(v);
    return f === null ? null : f ? 'positive' : 'negative';
  };
  return {
    judge: named(flagIn(m.judgePositive, m.judgeNegative)),
    human: named(flagIn(m.humanPositive, m.humanNegative)),
  };
}
