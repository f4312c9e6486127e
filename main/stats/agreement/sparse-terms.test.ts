/** The nonzero entries of weight matrices and of value lists (sparse-terms.ts). */
import { describe, expect, it } from 'vitest';
import { disagreementWeights } from './cohen-kappa';
import { nonzeroOf, sparseRows } from './sparse-terms';
import { agreementWeights } from './weights';

describe('sparse rows', () => {
  it('lists the nonzero entries by row and tells the identity from other weights', () => {
    const identity = agreementWeights('identity', ['a', 'b', 'c']);
    const rows = { start: Int32Array.of(0, 1, 2, 3), column: Int32Array.of(0, 1, 2), diagonal: true };
    expect(sparseRows(identity, 3)).toMatchObject(rows);
    const unweighted = sparseRows(disagreementWeights(3, 'unweighted'), 3);
    expect([unweighted.diagonal, [...unweighted.column]]).toEqual([false, [1, 2, 0, 2, 0, 1]]);
    const out = new Int32Array(4);
    expect(nonzeroOf(Float64Array.of(0, 2, 0, 3), [0, 1, 3], out)).toBe(2);
    expect([...out.subarray(0, 2)]).toEqual([1, 3]);
  });
});
