import { describe, expect, it } from 'vitest';
import { codeRatings, MISSING } from './coding';
import { ratingPatterns } from './patterns';
import { assertRatingsTable, ratingsFromRecords } from './ratings';

describe('ratings table', () => {
  it('builds a table from long records in first-appearance order, empty label = missing', () => {
    const table = ratingsFromRecords([
      { item: 'c1', rater: 'ann', label: 'agent' },
      { item: 'c1', rater: 'bob', label: 'user' },
      { item: 'c2', rater: 'bob', label: '' },
      { item: 'c3', rater: 'ann', label: 'agent' },
    ]);
    expect(table).toEqual({
      items: ['c1', 'c2', 'c3'],
      raters: ['ann', 'bob'],
      labels: [
        ['agent', 'user'],
        [null, null],
        ['agent', null],
      ],
    });
  });

  it('refuses a rater labelling an item twice', () => {
    expect(() => ratingsFromRecords([{ item: 'c1', rater: 'ann', label: 'a' }, { item: 'c1', rater: 'ann', label: 'b' }])).toThrow(/more than once/);
  });

  it('checks the shape of a table', () => {
    expect(() => assertRatingsTable({ items: ['a', 'a'], raters: ['r'], labels: [['x'], ['y']] })).toThrow(/appears twice/);
    expect(() => assertRatingsTable({ items: ['a'], raters: ['r', 's'], labels: [['x']] })).toThrow(/1 labels for 2 raters/);
    expect(() => assertRatingsTable({ items: ['a'], raters: ['r'], labels: [['']] })).toThrow(/non-empty/);
  });

  it('codes labels against an explicit order and refuses unknown labels', () => {
    const table = { items: ['a', 'b'], raters: ['r', 's'], labels: [['low', 'high'], [null, 'mid']] };
    const coded = codeRatings(table, ['low', 'mid', 'high']);
    expect(Array.from(coded.codes)).toEqual([0, 2, MISSING, 1]);
    expect(() => codeRatings(table, ['low', 'high'])).toThrow(/"mid" is not in the category list/);
  });

  it('groups identical rows into patterns and leaves out items nobody labelled', () => {
    const table = { items: ['a', 'b', 'c', 'd'], raters: ['r', 's'], labels: [['x', 'y'], [null, null], ['x', 'y'], ['y', null]] };
    const p = ratingPatterns(codeRatings(table));
    expect(Array.from(p.counts)).toEqual([2, 1]);
    expect(Array.from(p.patternOfItem)).toEqual([0, -1, 0, 1]);
  });
});
