/** Assertion for values published rounded to a number of decimals (R and Python round half to even, so ±½ unit). */
import { expect } from 'vitest';

/** Asserts that `actual` rounds to `published` at `decimals` decimals, either way at an exact half. */
export function expectRounded(actual: number | null | undefined, published: number, decimals: number): void {
  expect(actual).toBeTypeOf('number');
  expect(Math.abs((actual as number) - published)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-12);
}
