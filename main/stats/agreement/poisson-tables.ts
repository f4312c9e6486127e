/**
 * Poisson draws by table inversion for fixed means: each mean's cumulative probabilities over the outcomes whose
 * probability is above 1e-17, with a guide table (Chen & Asau 1974) so that a draw is one look-up and about one
 * comparison. The outcomes left out carry under 1e-15 in all, far below the 2⁻³² resolution of the uniforms.
 */
import { logFactorial } from './binomial';

/** Outcomes less likely than this are left out of a table. */
const NEGLIGIBLE = 1e-17;

/** Mean i's outcomes are lowest[i] + x for x < start[i + 1] − start[i], with cumulative probability cdf[start[i] + x]. */
export interface PoissonTables {
  lowest: Int32Array;
  start: Int32Array;
  cdf: Float64Array;
  /** guide[start[i] + j] is the first x with cdf[start[i] + x] > j / size, size = the number of outcomes. */
  guide: Int32Array;
}

/** The probabilities of Poisson(mean) from the lowest to the highest outcome more likely than NEGLIGIBLE. */
function poissonProbabilities(mean: number): { lowest: number; probabilities: number[] } {
  if (mean <= 0) return { lowest: 0, probabilities: [1] };
  const mode = Math.floor(mean);
  const atMode = Math.exp(mode * Math.log(mean) - mean - logFactorial(mode));
  const below: number[] = [];
  for (let x = mode, p = atMode; x > 0; x--) {
    p *= x / mean; // P(x − 1) = P(x) · x / mean
    if (p < NEGLIGIBLE) break;
    below.push(p);
  }
  const above: number[] = [];
  for (let x = mode, p = atMode; ; x++) {
    p *= mean / (x + 1);
    if (p < NEGLIGIBLE) break;
    above.push(p);
  }
  return { lowest: mode - below.length, probabilities: [...below.reverse(), atMode, ...above] };
}

/** The tables of Poisson(means[i]) for every i. */
export function poissonTables(means: Float64Array): PoissonTables {
  const rows = Array.from(means, poissonProbabilities);
  const start = new Int32Array(rows.length + 1);
  rows.forEach((row, i) => (start[i + 1] = start[i] + row.probabilities.length));
  const cdf = new Float64Array(start[rows.length]);
  const guide = new Int32Array(start[rows.length]);
  rows.forEach((row, i) => {
    const size = row.probabilities.length;
    let sum = 0;
    row.probabilities.forEach((p, x) => (cdf[start[i] + x] = sum += p));
    cdf[start[i] + size - 1] = 1; // every u < 1 ends inside the table
    for (let j = 0, x = 0; j < size; j++) {
      while (cdf[start[i] + x] <= j / size) x++;
      guide[start[i] + j] = x;
    }
  });
  return { lowest: Int32Array.from(rows, (row) => row.lowest), start, cdf, guide };
}

/** The Poisson(means[i]) outcome of u ∈ [0, 1): the first outcome whose cumulative probability exceeds u. */
export function poissonDraw(tables: PoissonTables, i: number, u: number): number {
  const first = tables.start[i];
  let x = tables.guide[first + Math.floor(u * (tables.start[i + 1] - first))];
  while (tables.cdf[first + x] <= u) x++;
  return tables.lowest[i] + x;
}
