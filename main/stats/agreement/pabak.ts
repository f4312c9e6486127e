/**
 * Prevalence- and bias-adjusted κ with the prevalence and bias indices of a binary field rated by two raters (Byrt,
 * Bishop & Carlin 1993), over the items both labelled: with a = both positive, b = first only, c = second only,
 * d = both negative, PABAK = 2p_o − 1, PI = (a − d)/n, BI = (b − c)/n, and κ = (PABAK − PI² + BI²)/(1 − PI² + BI²).
 */
import type { CodedRatings } from './coding';
import { confusionMatrix } from './confusion-matrix';

/** PABAK and the two indices; null values when no item was labelled by both. */
export interface PabakFigures {
  /** The category counted as positive: the second of the two in category order. */
  positive: string;
  n: number;
  pabak: number | null;
  prevalenceIndex: number | null;
  biasIndex: number | null;
}

/** PABAK, PI and BI of two raters (by index) of a coded table with exactly two categories. */
export function pabak(coded: CodedRatings, raterA = 0, raterB = 1): PabakFigures {
  if (coded.categories.length !== 2) {
    throw new Error(`PABAK needs exactly two categories, the table has ${coded.categories.length}`);
  }
  const { counts, n } = confusionMatrix(coded, raterA, raterB);
  const [[d, c], [b, a]] = counts;
  const of = (x: number) => (n > 0 ? x / n : null);
  return {
    positive: coded.categories[1],
    n,
    pabak: n > 0 ? (2 * (a + d)) / n - 1 : null,
    prevalenceIndex: of(a - d),
    biasIndex: of(b - c),
  };
}
