import { describe, expect, it } from 'vitest';
import { categoryValues, inferCategories, isNumericLabel } from './categories';

describe('categories', () => {
  it('sorts numeric labels numerically', () => {
    expect(inferCategories(['10', '9', '2', '-1.5', '9'])).toEqual(['-1.5', '2', '9', '10']);
  });

  it('sorts other labels by code point', () => {
    expect(inferCategories(['user', 'agent', 'system', 'Agent', '10', '9'])).toEqual(['10', '9', 'Agent', 'agent', 'system', 'user']);
  });

  it('refuses two spellings of one number', () => {
    expect(() => inferCategories(['1', '1.0'])).toThrow(/same number/);
  });

  it('recognises numbers strictly', () => {
    expect(['3', '-1.5', '2e3'].map(isNumericLabel)).toEqual([true, true, true]);
    expect(['', ' 3', 'three', 'NaN', 'Infinity'].map(isNumericLabel)).toEqual([false, false, false, false, false]);
  });

  it('gives numeric values for the interval metric and names a non-numeric category', () => {
    expect(Array.from(categoryValues(['1', '2.5']))).toEqual([1, 2.5]);
    expect(() => categoryValues(['1', 'high'])).toThrow(/"high" is not a number/);
  });
});
