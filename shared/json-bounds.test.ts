import { describe, expect, it } from 'vitest';
import { withinJsonBounds } from './json-bounds';

const bounds = { maxDepth: 3, maxSize: 40 };

describe('withinJsonBounds', () => {
  it('lets a value through up to the depth and refuses one level more', () => {
    expect(withinJsonBounds({ a: [{ b: 1 }] }, bounds)).toBe(true);
    expect(withinJsonBounds({ a: [{ b: [1] }] }, bounds)).toBe(false);
    expect(withinJsonBounds('plain', bounds)).toBe(true);
  });

  it('counts keys and strings by their length and every other value as 8', () => {
    expect(withinJsonBounds({ key: 'x'.repeat(37) }, bounds)).toBe(true); // 3 + 37 = 40
    expect(withinJsonBounds({ key: 'x'.repeat(38) }, bounds)).toBe(false);
    expect(withinJsonBounds([1, 2, 3, 4], bounds)).toBe(true); // 4 × (1 + 8) = 36
    expect(withinJsonBounds([1, 2, 3, 4, null], bounds)).toBe(false);
  });

  it('refuses a value nested 100,000 deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(withinJsonBounds(deep, { maxDepth: 64, maxSize: 1 << 20 })).toBe(false);
  });
});
