/** Built-in taxonomy for DSB-DG (DuplexSpeechBench, document grounding): grounding outcome and false confidence. */
import type { Taxonomy } from '../types/annotation';

/** DSB-DG: was the spoken answer grounded in the document, a hallucination (intrinsic or extrinsic), or a correct abstention; was it falsely confident. */
export const dsbDgTaxonomy: Taxonomy = {
  format: 'earshot-taxonomy-v1',
  id: 'dsb-dg',
  name: 'DSB-DG grounding review',
  version: '1',
  description: 'Grounding of a spoken answer to a document-grounded question (context tiers T1–T5).',
  source:
    'Mathur et al., DuplexSpeechBench-Document Grounding (no public release): grounding accuracy, intrinsic vs extrinsic ' +
    'hallucination, refusal on unanswerable questions, false confidence.',
  verdicts: [
    { value: 'pass', failure: false },
    { value: 'fail', failure: true },
    { value: 'grounded', failure: false },
    { value: 'correct_abstention', failure: false },
    { value: 'intrinsic_hallucination', failure: true },
    { value: 'extrinsic_hallucination', failure: true },
  ],
  fields: [
    {
      key: 'grounding',
      label: 'Grounding',
      kind: 'single',
      options: [
        { value: 'grounded', description: 'the answer is supported by the document' },
        { value: 'intrinsic_hallucination', label: 'intrinsic hallucination', description: 'contradicts the document' },
        { value: 'extrinsic_hallucination', label: 'extrinsic hallucination', description: 'adds claims the document does not support' },
        { value: 'correct_abstention', label: 'correct abstention', description: 'declined an unanswerable question' },
      ],
    },
    { key: 'false_confidence', label: 'False confidence?', kind: 'boolean', description: 'stated a wrong or unsupported answer confidently' },
  ],
};
