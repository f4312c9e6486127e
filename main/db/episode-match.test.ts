import { describe, expect, it } from 'vitest';
import { ftsQuery } from './episode-match';

describe('ftsQuery', () => {
  it('quotes every word so user text is never FTS syntax', () => {
    expect(ftsQuery('order NEAR number')).toBe('"order" AND "NEAR" AND "number"*');
    expect(ftsQuery('  ')).toBeNull();
  });
});
