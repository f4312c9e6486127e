import { describe, expect, it } from 'vitest';
import { conditionKey, groupBy, meanOrNull } from './group';
import { rate } from './rate';

describe('groupBy', () => {
  it('keeps first-seen group order and item order', () => {
    const groups = groupBy(['b1', 'a1', 'b2', 'c1', 'a2'], (s) => s[0]);
    expect([...groups.keys()]).toEqual(['b', 'a', 'c']);
    expect(groups.get('a')).toEqual(['a1', 'a2']);
  });
});

describe('conditionKey', () => {
  it('is independent of key order', () => {
    expect(conditionKey({ strategy: 's', environment: 'e' })).toBe('environment=e;strategy=s');
    expect(conditionKey({ environment: 'e', strategy: 's' })).toBe('environment=e;strategy=s');
    expect(conditionKey({})).toBe('');
  });
});

describe('meanOrNull and rate', () => {
  it('averages and refuses empty input', () => {
    expect(meanOrNull([1, 2, 6])).toBe(3);
    expect(meanOrNull([])).toBeNull();
  });
  it('keeps counts and gives null for 0/0', () => {
    expect(rate(103, 200)).toEqual({ numerator: 103, denominator: 200, value: 0.515 });
    expect(rate(0, 0).value).toBeNull();
  });
});
