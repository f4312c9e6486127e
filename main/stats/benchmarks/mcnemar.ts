import { binomialTestHalf } from './binomial';
import { chiSquare1UpperTail } from './chi-square';

/** McNemar's test on the discordant pairs of a paired 2×2 table. */
export interface McNemarResult {
  /** Pairs where the first arm is right and the second wrong. */
  b: number;
  /** Pairs where the first arm is wrong and the second right. */
  c: number;
  /** Exact two-sided p: binomial test of b out of b + c at 1/2. */
  exactP: number;
  /** Continuity-corrected statistic max(0, |b − c| − 1)² / (b + c); 0 when b + c = 0. */
  chiSquare: number;
  /** Upper χ²₁ tail of chiSquare. */
  chiSquareP: number;
}

/** McNemar's test from the discordant counts: exact binomial p and the Yates-corrected chi-square with its p. */
export function mcnemar(b: number, c: number): McNemarResult {
  const n = b + c;
  const chiSquare = n === 0 ? 0 : Math.max(0, Math.abs(b - c) - 1) ** 2 / n;
  return { b, c, exactP: binomialTestHalf(b, n), chiSquare, chiSquareP: chiSquare1UpperTail(chiSquare) };
}
