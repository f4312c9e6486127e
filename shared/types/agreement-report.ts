/** The agreement report's shapes: every statistic with its bootstrap interval, as the statistics module returns it. */
import type { BootstrapInterval } from './bootstrap-interval';

/** Measurement level of the labels, in Krippendorff's sense; it selects the distance metric and the weighted statistics. */
export type Level = 'nominal' | 'ordinal' | 'interval';

/** Counts of items by (row rater's category, column rater's category), over items both raters labelled. */
export interface ConfusionMatrix {
  rowRater: string;
  columnRater: string;
  categories: string[];
  /** `counts[i][j]`: items the row rater put in categories[i] and the column rater in categories[j]. */
  counts: number[][];
  /** Items both raters labelled. */
  n: number;
}

/** Statistics of the report; the Cohen entries are null unless there are exactly two raters (weighted ones also need level ≠ nominal). */
export interface AgreementStatistics {
  percentAgreement: BootstrapInterval;
  fleissKappa: BootstrapInterval;
  gwetAc1: BootstrapInterval;
  krippendorffAlpha: BootstrapInterval;
  cohenKappa: BootstrapInterval | null;
  cohenKappaLinear: BootstrapInterval | null;
  cohenKappaQuadratic: BootstrapInterval | null;
}

/** What `earshot agreement --json` prints. */
export interface AgreementReport {
  level: Level;
  nItems: number;
  /** Items with at least one label: the bootstrap resamples these. */
  nRatedItems: number;
  /** Items with at least two labels: the units that enter p_a, Fleiss' κ, AC1 and α. */
  nPairableItems: number;
  nRaters: number;
  raters: string[];
  nRatings: number;
  categories: string[];
  bootstrap: { method: 'percentile'; unit: 'item'; prng: 'mulberry32'; resamples: number; seed: number; confidence: number };
  statistics: AgreementStatistics;
  /** Rows: first rater, columns: second rater; null unless there are exactly two raters. */
  confusionMatrix: ConfusionMatrix | null;
}
