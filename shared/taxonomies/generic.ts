/** Built-in taxonomy for generic (in-house) runs: failure source and a severity. */
import type { Taxonomy } from '../types/annotation';

/** Generic: failure source and an ordinal severity; studies with their own scheme load a taxonomy file instead. */
export const genericTaxonomy: Taxonomy = {
  format: 'earshot-taxonomy-v1',
  id: 'generic',
  name: 'Generic failure review',
  version: '1',
  description: 'Failure source and severity; load a study taxonomy file for anything more specific.',
  verdicts: [
    { value: 'pass', failure: false },
    { value: 'fail', failure: true },
  ],
  fields: [
    {
      key: 'source',
      label: 'Failure source',
      kind: 'single',
      role: 'source',
      options: [{ value: 'agent' }, { value: 'user' }, { value: 'system' }, { value: 'no_error', label: 'no error' }],
    },
    {
      key: 'severity',
      label: 'Severity',
      kind: 'single',
      role: 'severity',
      level: 'ordinal',
      options: [{ value: '0' }, { value: '1' }, { value: '2' }, { value: '3' }],
    },
  ],
};
