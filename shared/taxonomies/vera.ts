/** Built-in taxonomy for VERA: the grader's three-way grade and the paper's failure-analysis error taxonomy (multi-label). */
import type { FieldOption, Taxonomy } from '../types/annotation';

const group = (name: string, entries: [string, string][]): FieldOption[] => entries.map(([value, description]) => ({ value, group: name, description }));

/**
 * VERA's error labels, verbatim from Lin et al. (2025), "Voice Evaluation of Reasoning Ability", arXiv:2509.26542,
 * Appendix F.5 (failure analysis prompt, "ERROR TAXONOMY (multi-select)"): 15 categories in four groups and OTHER
 * under META — 16 labels. The paper's prompt says "Use ONLY the exact label names above".
 */
export const VERA_ERROR_CATEGORIES: readonly FieldOption[] = [
  ...group('Knowledge errors', [
    ['UNSUPPORTED_FACT', 'Factually wrong or contradicts prompt'],
    ['OFF_TARGET', 'Answers different question'],
    ['ENTITY_CONFUSION', 'Wrong person/place/object'],
    ['TEMPORAL_QUANTITY_ERROR', 'Wrong date/number/unit'],
  ]),
  ...group('Reasoning errors', [
    ['COMPUTATION_ERROR', 'Math/arithmetic mistake'],
    ['FORMULA_MISAPPLICATION', 'Wrong method/theorem'],
    ['LOGICAL_CONTRADICTION', 'Self-contradictory'],
    ['CONSTRAINT_VIOLATION', 'Breaks stated rules'],
    ['INCOMPLETE_COVERAGE', 'Missing required parts'],
  ]),
  ...group('Output errors', [
    ['TYPE_MISMATCH', 'Wrong format (asked int, gave text)'],
    ['NO_FINAL_ANSWER', 'No clear conclusion given'],
    ['NOT_ATTEMPTED', 'Refuses or gives non-answer'],
    ['CONTENT_MISMATCH', 'Wrong topic/format'],
  ]),
  ...group('Understanding errors', [
    ['MISUNDERSTANDING', 'Misinterprets question'],
    ['FABRICATED_CONTEXT', 'Invents non-existent context'],
  ]),
  ...group('Meta', [['OTHER', 'Specify new category needed (say which in the notes)']]),
];

/** VERA: the human grade (CORRECT / INCORRECT / NOT_ATTEMPTED, as the grader's triad) and the error categories. */
export const veraTaxonomy: Taxonomy = {
  format: 'earshot-taxonomy-v1',
  id: 'vera',
  name: 'VERA grade and error analysis',
  version: '1',
  description: 'Grade of a VERA voice answer and its error categories (multi-label).',
  source:
    'Grades: linyueqian/VERA evaluation/grader/prompts.py (GRADER_TEMPLATE_TRIAD: CORRECT, INCORRECT, NOT_ATTEMPTED). ' +
    'Error categories: Lin et al. 2025, arXiv:2509.26542, Appendix F.5 "Failure analysis prompt" (ERROR TAXONOMY, multi-select).',
  verdicts: [
    { value: 'CORRECT', failure: false },
    { value: 'INCORRECT', failure: true },
    { value: 'NOT_ATTEMPTED', label: 'NOT ATTEMPTED', failure: true },
  ],
  fields: [
    {
      key: 'grade',
      label: 'Grade',
      kind: 'single',
      options: [{ value: 'CORRECT' }, { value: 'INCORRECT' }, { value: 'NOT_ATTEMPTED', label: 'NOT ATTEMPTED' }],
    },
    {
      key: 'error_categories',
      label: 'Error categories',
      kind: 'multi',
      role: 'subtype',
      when: { field: 'grade', in: ['INCORRECT', 'NOT_ATTEMPTED'] },
      options: [...VERA_ERROR_CATEGORIES],
    },
  ],
};
