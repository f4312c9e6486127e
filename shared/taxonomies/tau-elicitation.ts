/** Built-in taxonomy for τ-Elicitation: failure source, subtype and severity, as in judge_validation/validation.csv. */
import type { Taxonomy } from '../types/annotation';

/**
 * τ-Elicitation: the columns `human_error_source_*`, `human_error_subtype_*` and `human_severity_*` of
 * `judge_validation/validation.csv` (field keys match what the τ-Elicitation importer stores). `unresolved` is an
 * adjudication outcome, not an annotator's choice.
 */
export const tauElicitationTaxonomy: Taxonomy = {
  format: 'earshot-taxonomy-v1',
  id: 'tau-elicitation',
  name: 'τ-Elicitation failure attribution',
  version: '1',
  description: 'Failure source and subtype of a τ-Elicitation call, with the severity of speech-fidelity issues.',
  source:
    'sierra-research/tau2-bench, branch tau-elicitation, papers/tau-intake/v1/reproduction/judge_validation/validation.csv ' +
    'and human_failure_validation_90/metrics.json (values observed in those files).',
  verdicts: [
    { value: 'flagged', label: 'flagged (judge_label = 1)', failure: true },
    { value: 'not_flagged', label: 'not flagged (judge_label = 0)', failure: false },
    { value: 'fail', failure: true },
    { value: 'pass', failure: false },
  ],
  fields: [
    {
      key: 'error_source',
      label: 'Error source',
      kind: 'single',
      role: 'source',
      options: [{ value: 'agent' }, { value: 'user' }, { value: 'system' }, { value: 'no_error', label: 'no error' }],
    },
    {
      key: 'error_subtype',
      label: 'Error subtype',
      kind: 'single',
      role: 'subtype',
      when: { field: 'error_source', in: ['agent', 'user'] },
      options: [
        { value: 'transcription_error', label: 'transcription error' },
        { value: 'logical_error', label: 'logical error' },
        { value: 'hallucination' },
        { value: 'vad', label: 'VAD / turn-taking' },
      ],
    },
    {
      key: 'severity',
      label: 'Speech-fidelity severity',
      kind: 'single',
      role: 'severity',
      level: 'ordinal',
      description: '0 = no issue … 3 = severe (validation.csv human_severity_a/b)',
      options: [{ value: '0' }, { value: '1' }, { value: '2' }, { value: '3' }],
    },
  ],
};
