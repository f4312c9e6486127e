/** Bounds on a JSON value of a free shape (an inline config): how deep it nests and how much text it holds. */

/** The most a free-shaped JSON value may hold. */
export interface JsonBounds {
  /** Levels of arrays and objects, the outermost counting 1. */
  maxDepth: number;
  /** Characters of keys and strings, plus 8 for every other value, in all. */
  maxSize: number;
}

/**
 * Whether `value` (as JSON.parse gives it) stays within `bounds`. Walks without recursion, so a value nested far
 * deeper than the bound is refused, not a stack overflow; stops at the first step past a bound.
 */
export function withinJsonBounds(value: unknown, bounds: JsonBounds): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  let size = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') size += v.length;
    else if (v === null || typeof v !== 'object') size += 8;
    else {
      if (depth > bounds.maxDepth) return false;
      for (const [key, child] of Object.entries(v)) {
        size += Array.isArray(v) ? 1 : key.length;
        stack.push([child, depth + 1]);
      }
    }
    if (size > bounds.maxSize) return false;
  }
  return true;
}
