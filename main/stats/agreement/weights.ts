/**
 * Agreement weight matrices of weighted coefficients, as Gwet (2014, ch. 3) and irrCAC (weights.gen.r) define them:
 * w_kl = 1 on the diagonal, falling with the distance between categories k and l.
 */
import { WEIGHT_FAMILIES, type WeightFamily } from '../../../shared/types/agreement-report';
import { DomainError } from '../../domain/errors';
import { isNumericLabel } from './categories';

/** A weight family and the list of them (defined with the report shapes in shared/). */
export { type WeightFamily, WEIGHT_FAMILIES };

/** The values weights are computed from: the numbers when every category is numeric, else the ranks 1 … q. */
export function categoryScores(categories: readonly string[]): Float64Array {
  const numeric = categories.length > 0 && categories.every(isNumericLabel);
  return Float64Array.from(categories, (c, i) => (numeric ? Number(c) : i + 1));
}

/** Raw distance of a family between scores x and y (before the scaling to a maximum of 1). */
function distance(family: WeightFamily, x: number, y: number, min: number, max: number, k: number, l: number): number {
  switch (family) {
    case 'identity':
      return k === l ? 0 : 1;
    case 'quadratic':
      return (x - y) ** 2;
    case 'linear':
      return Math.abs(x - y);
    case 'radical':
      return Math.sqrt(Math.abs(x - y));
    case 'ratio':
      return x === y ? 0 : ((x - y) / (x + y)) ** 2;
    case 'circular':
      return Math.sin((Math.PI * (x - y)) / (max - min + 1)) ** 2;
    case 'bipolar':
      return x === y ? 0 : (x - y) ** 2 / ((x + y - 2 * min) * (2 * max - x - y));
    case 'ordinal': {
      const m = Math.abs(k - l) + 1;
      return (m * (m - 1)) / 2;
    }
  }
}

/**
 * The q × q agreement weights of a family, flat and row-major: w_kl = 1 − d_kl / max d, d the family's distance on the
 * category scores (ordinal: on the ranks, d = n_kl(n_kl − 1)/2 with n_kl = |k − l| + 1). Linear, quadratic, radical
 * and ratio scale by the distance between the extreme scores, as irrCAC does; ratio weights need scores ≥ 0 (a score
 * of 0 agrees only with itself, where irrCAC's formula gives 0/0).
 */
export function agreementWeights(family: WeightFamily, categories: readonly string[]): Float64Array {
  const q = categories.length;
  const scores = categoryScores(categories);
  const w = new Float64Array(q * q);
  if (q === 1) return w.fill(1);
  let min = Infinity;
  let max = -Infinity;
  for (const s of scores) {
    min = Math.min(min, s);
    max = Math.max(max, s);
  }
  if (family === 'ratio' && min < 0) {
    const label = categories[scores.indexOf(min)];
    throw new DomainError('invalid_input', `ratio weights need category values ≥ 0; "${label}" is not one`);
  }
  const d = new Float64Array(q * q);
  let largest = 0;
  for (let k = 0; k < q; k++) {
    for (let l = 0; l < q; l++) {
      d[k * q + l] = distance(family, scores[k], scores[l], min, max, k, l);
      largest = Math.max(largest, d[k * q + l]);
    }
  }
  const scale =
    family === 'linear' || family === 'quadratic' || family === 'radical' || family === 'ratio'
      ? distance(family, min, max, min, max, 0, 1)
      : largest;
  for (let e = 0; e < q * q; e++) w[e] = scale > 0 ? 1 - d[e] / scale : d[e] === 0 ? 1 : 0;
  return w;
}

/** True when the weights are the identity (the coefficient is unweighted). */
export function isIdentity(weights: Float64Array, q: number): boolean {
  for (let k = 0; k < q; k++) for (let l = 0; l < q; l++) if (weights[k * q + l] !== (k === l ? 1 : 0)) return false;
  return true;
}
