/** A few recent answers kept by key: asking again for a kept key (or one on its way) costs nothing. */

/** What createPromiseLru returns: get (from memory, or loaded now), whether a key is kept, and forget them all. */
export interface PromiseLru<K, V> {
  get(key: K): Promise<V>;
  has(key: K): boolean;
  clear(): void;
}

/** Keeps the last `size` keys asked for; a load that fails is forgotten, so the next get asks again. */
export function createPromiseLru<K, V>(size: number, load: (key: K) => Promise<V>): PromiseLru<K, V> {
  const kept = new Map<K, Promise<V>>();
  return {
    get(key) {
      const known = kept.get(key);
      const value = known ?? load(key);
      kept.delete(key);
      kept.set(key, value);
      if (!known) value.catch(() => kept.get(key) === value && kept.delete(key));
      while (kept.size > size) kept.delete(kept.keys().next().value as K);
      return value;
    },
    has: (key) => kept.has(key),
    clear: () => kept.clear(),
  };
}
