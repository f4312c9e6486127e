import { describe, expect, it } from 'vitest';
import { allocate, shuffle, stratifiedSample } from './sample';
import { mulberry32 } from '../stats/agreement/index';

describe('stratified sampling', () => {
  it('allocates proportionally with the largest remainders (Hamilton): 90 of 60/30/10 → 54/27/9', () => {
    expect(Object.fromEntries(allocate(new Map([['a', 60], ['b', 30], ['c', 10]]), 90))).toEqual({ a: 54, b: 27, c: 9 });
    // 10 of 5/5/5: exact 3.33 each → floors 3/3/3, one left goes to the first name on ties.
    expect(Object.fromEntries(allocate(new Map([['x', 5], ['y', 5], ['z', 5]]), 10))).toEqual({ x: 4, y: 3, z: 3 });
    // never more than a stratum holds, and never more than everything
    expect(Object.fromEntries(allocate(new Map([['a', 2], ['b', 1]]), 10))).toEqual({ a: 2, b: 1 });
  });

  it('shuffles deterministically from a seed and keeps every item', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const one = shuffle(items, mulberry32(7));
    expect(shuffle(items, mulberry32(7))).toEqual(one);
    expect(shuffle(items, mulberry32(8))).not.toEqual(one);
    expect([...one].sort((a, b) => a - b)).toEqual(items);
  });

  it('draws the same sample for the same seed, stratum sizes as allocated, no duplicates', () => {
    const candidates = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, stratum: i < 50 ? 'gpt' : i < 80 ? 'gemini' : 'grok' }));
    const a = stratifiedSample(candidates, 30, 42);
    expect(stratifiedSample([...candidates].reverse(), 30, 42)).toEqual(a);
    expect(a.strata).toEqual({ gemini: 9, gpt: 15, grok: 6 });
    expect(new Set(a.ids).size).toBe(30);
    const byId = new Map(candidates.map((c) => [c.id, c.stratum]));
    expect(a.ids.filter((id) => byId.get(id) === 'grok')).toHaveLength(6);
    expect(stratifiedSample(candidates, 30, 43).ids).not.toEqual(a.ids);
  });
});
