import { describe, expect, it } from 'vitest';
import { InputFieldError } from './csv-lines';
import { parseRatingsCsv } from './ratings-csv';

function errorOf(text: string): InputFieldError {
  try {
    parseRatingsCsv(text, 'ratings.csv');
  } catch (err) {
    if (err instanceof InputFieldError) return err;
    throw err;
  }
  throw new Error('expected an error');
}

describe('parseRatingsCsv', () => {
  it('reads item,rater,label in any column order; empty label = missing; extra columns ignored', () => {
    const table = parseRatingsCsv('rater,item,label,note\nann,c1,agent,\nbob,c1,,"late, skipped"\nann,c2, user ,\n', 'r.csv');
    expect(table).toEqual({ items: ['c1', 'c2'], raters: ['ann', 'bob'], labels: [['agent', null], ['user', null]] });
  });

  it('names file, line and field for an empty rater', () => {
    const err = errorOf('item,rater,label\nc1,ann,a\nc2,,b\n');
    expect([err.file, err.line, err.field]).toEqual(['ratings.csv', 3, 'rater']);
    expect(err.message).toBe('ratings.csv:3 (field "rater"): is empty');
  });

  it('counts physical lines across quoted newlines and skips blank lines', () => {
    const err = errorOf('item,rater,label\n"c1\nsecond line",ann,a\n\n,bob,b\n');
    expect([err.line, err.field]).toEqual([5, 'item']);
  });

  it('points at the repeated rating and the earlier line', () => {
    const err = errorOf('item,rater,label\nc1,ann,a\nc2,ann,b\nc1,ann,c\n');
    expect(err.line).toBe(4);
    expect(err.message).toMatch(/already labelled item "c1" on line 2/);
  });

  it('reports a missing column, a short record and broken quoting', () => {
    expect(errorOf('item,label\nc1,a\n')).toMatchObject({ line: 1, field: 'rater' });
    expect(errorOf('item,rater,label\nc1,ann\n')).toMatchObject({ line: 2, field: null });
    expect(errorOf('item,rater,label\nc1,ann,"open\n')).toMatchObject({ line: 2 });
    expect(errorOf('item,rater,label\n')).toMatchObject({ line: 1 });
  });
});
