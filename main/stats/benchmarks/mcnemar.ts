import { binomialTestHalf } from './binomial';
import { chiSquare1UpperTail } from './chi-square';
import type { McNemarResult } from '../../../shared/types/benchmark-rows';

/** McNemar's test from the discordant counts: exact binomial p and the Yates-corrected chi-square with its p. */
export function mcnemar(b: number, c: number): McNemarResult {
  const n = b + c;
  const chiSquare = n === 0 ? 0 : Math.max(0, Math.abs(b - c) - 1) ** 2 / n;
  return { b, c, exactP: binomialTestHalf(b, n), chiSquare, chiSquareP: chiSquare1UpperTail(chiSquare) };
}
