/** The other annotators' line in the label panel: the taxonomy's order, whatever order the values were stored in. */
import { describe, expect, it } from 'vitest';
import { genericTaxonomy } from '../../../shared/taxonomies/generic';
import { othersSummary } from './others-summary';

describe('othersSummary', () => {
  it('lists the fields in the taxonomy order (source before severity), notes left out, first error as a time', () => {
    const keys = genericTaxonomy.fields.map((f) => f.key);
    expect(keys.indexOf('source')).toBeGreaterThanOrEqual(0);
    expect(keys.indexOf('severity')).toBeGreaterThan(keys.indexOf('source'));
    // stored severity first, as the database returned them in the case this guards against
    const line = othersSummary(genericTaxonomy, {
      severity: 1,
      notes: 'heard it',
      first_error_ms: 4000,
      source: 'agent',
    });
    expect(line).toBe('source agent · severity 1 · first error 0:04.0');
  });

  it('keeps fields the taxonomy does not name after its own, in the order they came, and joins several choices', () => {
    expect(othersSummary(genericTaxonomy, { zeta: ['a', 'b'], alpha: true, source: 'user' })).toBe(
      'source user · zeta a+b · alpha true',
    );
  });
});
