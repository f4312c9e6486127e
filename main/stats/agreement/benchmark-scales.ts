/**
 * Benchmarking an agreement coefficient on the Landis–Koch, Fleiss and Altman scales by membership probabilities
 * (Gwet 2014, ch. 6; irrCAC landis.koch.bf, fleiss.bf, altman.bf): with the coefficient's normal law N(κ, SE²)
 * truncated to [−1, 1], the cumulative probability of a level is P(coefficient in that level or a better one).
 */
import type { BenchmarkLevel, BenchmarkMemberships } from '../../../shared/types/agreement-report';
import { normalCdf } from './distributions';

/** Membership probabilities (defined with the report shapes in shared/). */
export type { BenchmarkLevel, BenchmarkMemberships };

/** A benchmark scale: its levels from the best down, each [low, high]. */
export type BenchmarkScale = readonly { label: string; low: number; high: number }[];

/** Landis & Koch (1977), as irrCAC's landis.koch data. */
export const LANDIS_KOCH: BenchmarkScale = [
  { label: 'Almost Perfect', low: 0.8, high: 1 },
  { label: 'Substantial', low: 0.6, high: 0.8 },
  { label: 'Moderate', low: 0.4, high: 0.6 },
  { label: 'Fair', low: 0.2, high: 0.4 },
  { label: 'Slight', low: 0, high: 0.2 },
  { label: 'Poor', low: -1, high: 0 },
];

/** Fleiss (1981), as irrCAC's fleiss data. */
export const FLEISS_SCALE: BenchmarkScale = [
  { label: 'Excellent', low: 0.75, high: 1 },
  { label: 'Intermediate to Good', low: 0.4, high: 0.75 },
  { label: 'Poor', low: -1, high: 0.4 },
];

/** Altman (1991), as irrCAC's altman data. */
export const ALTMAN: BenchmarkScale = [
  { label: 'Very Good', low: 0.8, high: 1 },
  { label: 'Good', low: 0.6, high: 0.8 },
  { label: 'Moderate', low: 0.4, high: 0.6 },
  { label: 'Fair', low: 0.2, high: 0.4 },
  { label: 'Poor', low: -1, high: 0.2 },
];

/**
 * Cumulative membership probabilities of a coefficient with standard error `se` on a scale: level i gets
 * Σ_{j ≤ i} (Φ((κ − low_j)/SE) − Φ((κ − high_j)/SE)) / (Φ((κ + 1)/SE) − Φ((κ − 1)/SE)).
 */
export function benchmarkLevels(estimate: number, se: number, scale: BenchmarkScale): BenchmarkLevel[] {
  const truncation = normalCdf((estimate + 1) / se) - normalCdf((estimate - 1) / se);
  let cumulative = 0;
  return scale.map(({ label, low, high }) => {
    cumulative += (normalCdf((estimate - low) / se) - normalCdf((estimate - high) / se)) / truncation;
    return { label, low, high, cumulativeProbability: cumulative };
  });
}

/** The three scales irrCAC reports; null when the estimate or a positive standard error is missing. */
export function benchmarkMemberships(estimate: number | null, se: number | null): BenchmarkMemberships | null {
  if (estimate === null || se === null || !(se > 0)) return null;
  return {
    landisKoch: benchmarkLevels(estimate, se, LANDIS_KOCH),
    fleiss: benchmarkLevels(estimate, se, FLEISS_SCALE),
    altman: benchmarkLevels(estimate, se, ALTMAN),
  };
}
