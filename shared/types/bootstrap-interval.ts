/** The one shape of every bootstrap interval the studio reports (agreement statistics and benchmark figures). */

/** A point estimate with its percentile bootstrap interval; null stands for an undefined value (e.g. 0/0). */
export interface BootstrapInterval {
  /** The statistic on the original data; null when it is not finite. */
  estimate: number | null;
  /** Type-7 quantile (1 − confidence)/2 of the resampled statistics; null when none was finite. */
  low: number | null;
  /** Type-7 quantile (1 + confidence)/2 of the resampled statistics; null when none was finite. */
  high: number | null;
  /** Resamples drawn. */
  resamples: number;
  /** Resamples whose statistic was not finite (e.g. an empty subgroup): left out of the quantiles. */
  undefinedResamples: number;
  seed: number;
  confidence: number;
}
