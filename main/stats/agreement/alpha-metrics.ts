/** Krippendorff's difference functions δ²_ck beyond nominal and ordinal (Krippendorff 2004, §12.4; 2011). */
import { ALPHA_METRICS, type AlphaMetric } from '../../../shared/types/agreement-report';
import { DomainError } from '../../domain/errors';
import { categoryValues, isNumericLabel } from './categories';
import { categoryScores } from './weights';

/** A level of measurement of α and the list of them (defined with the report shapes in shared/). */
export { type AlphaMetric, ALPHA_METRICS };

/**
 * The values a metric's differences are computed on: interval and ratio need numeric labels; circular and bipolar use
 * the numbers, or the ranks 1 … q of the category order when the labels are not numbers; nominal and ordinal none.
 */
export function metricValues(metric: AlphaMetric, categories: readonly string[]): Float64Array | null {
  if (metric === 'nominal' || metric === 'ordinal') return null;
  if (metric === 'interval') return categoryValues(categories);
  if (metric === 'circular' || metric === 'bipolar') return categoryScores(categories);
  assertRatioLabels(categories);
  return categoryValues(categories);
}

/** Refuses (invalid_input) a category list with a label that is not a number ≥ 0, naming the first such label. */
export function assertRatioLabels(categories: readonly string[]): void {
  const bad = categories.find((c) => !isNumericLabel(c) || Number(c) < 0);
  if (bad === undefined) return;
  throw new DomainError('invalid_input', `ratio level needs numeric labels ≥ 0; "${bad}" is not one`);
}

/**
 * δ² between values x and y, v_min and v_max the extreme values of the list: interval (x − y)²; ratio
 * ((x − y)/(x + y))²; circular sin²(π(x − y)/U) with U = v_max − v_min + 1; bipolar
 * (x − y)² / ((x + y − 2v_min)(2v_max − x − y)); 0 when x = y.
 */
export function valueDistance(metric: AlphaMetric, x: number, y: number, min: number, max: number): number {
  if (x === y) return 0;
  if (metric === 'ratio') return ((x - y) / (x + y)) ** 2;
  if (metric === 'circular') return Math.sin((Math.PI * (x - y)) / (max - min + 1)) ** 2;
  if (metric === 'bipolar') return (x - y) ** 2 / ((x + y - 2 * min) * (2 * max - x - y));
  return (x - y) ** 2;
}
