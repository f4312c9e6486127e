import { describe, expect, it } from 'vitest';
import { createPromiseLru } from './promise-lru';

describe('createPromiseLru', () => {
  it('loads a key once while it is kept and forgets the least recently asked for', async () => {
    const loads: number[] = [];
    const lru = createPromiseLru(2, async (k: number) => (loads.push(k), k * 10));
    expect(await lru.get(1)).toBe(10);
    await lru.get(2);
    await lru.get(1); // 1 is now the most recent
    await lru.get(3); // pushes out 2
    expect(loads).toEqual([1, 2, 3]);
    expect([lru.has(1), lru.has(2), lru.has(3)]).toEqual([true, false, true]);
    await lru.get(2);
    expect(loads).toEqual([1, 2, 3, 2]);
    lru.clear();
    await lru.get(2);
    expect(loads).toEqual([1, 2, 3, 2, 2]);
  });

  it('shares a load on its way and forgets one that failed', async () => {
    let calls = 0;
    const lru = createPromiseLru(4, (k: string) => (++calls === 1 ? Promise.reject(new Error(k)) : Promise.resolve(k)));
    const first = lru.get('a');
    expect(lru.get('a')).toBe(first);
    await expect(first).rejects.toThrow('a');
    expect(lru.has('a')).toBe(false);
    expect(await lru.get('a')).toBe('a');
    expect(calls).toBe(2);
  });
});
