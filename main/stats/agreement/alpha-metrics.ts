/** Krippendorff's difference functions δ²_ck beyond nominal and ordinal (Krippendorff 2004, §12.4; 2011). */
import { categoryValues, isNumericLabel, LEVELS, type Level } from './categories';
import { categoryScores } from './weights';

/** A level of measurement of Krippendorff's α: the report's levels plus ratio, circular and bipolar. */
export type AlphaMetric = Level | 'ratio' | 'circular' | 'bipolar';

/** Every metric α takes. */
export const ALPHA_METRICS: readonly AlphaMetric[] = [...LEVELS, 'ratio', 'circular', 'bipolar'];

/**
 * The values a metric's differences are computed on: interval and ratio need numeric labels; circular and bipolar use
 * the numbers, or the ranks 1 … q of the category order when the labels are not numbers; nominal and ordinal none.
 */
export function metricValues(metric: AlphaMetric, categories: readonly string[]): Float64Array | null {
  if (metric === 'nominal' || metric === 'ordinal') return null;
  if (metric === 'interval') return categoryValues(categories);
  if (metric === 'circular' || metric === 'bipolar') return categoryScores(categories);
  const bad = categories.find((c) => !isNumericLabel(c) || Number(c) < 0);
  if (bad !== undefined) throw new Error(`ratio level needs numbers ≥ 0; "${bad}" is not one`);
  return categoryValues(categories);
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
