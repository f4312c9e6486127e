import { describe, expect, it } from 'vitest';
import { isHeldOut } from './judge-comparison';

describe('the held-out split', () => {
  const ids = Array.from({ length: 10_000 }, (_, i) => `call-${i}`);

  it('holds out about the asked share, fixed by the seed and independent of the other items', () => {
    const held = ids.filter((id) => isHeldOut(42, 0.2, id));
    // Binomial(10 000, 0.2): the share lies within 0.2 ± 4 standard errors (0.016) unless the hash is biased.
    expect(Math.abs(held.length / ids.length - 0.2)).toBeLessThan(0.016);
    expect(ids.slice(0, 100).filter((id) => isHeldOut(42, 0.2, id))).toEqual(
      held.filter((id) => ids.indexOf(id) < 100),
    );
    expect(ids.filter((id) => isHeldOut(43, 0.2, id))).not.toEqual(held);
  });

  it('a larger fraction holds out a superset', () => {
    const small = ids.filter((id) => isHeldOut(7, 0.1, id));
    const large = new Set(ids.filter((id) => isHeldOut(7, 0.3, id)));
    expect(small.every((id) => large.has(id))).toBe(true);
  });
});
