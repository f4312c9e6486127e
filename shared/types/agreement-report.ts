/** The agreement report's shapes: every statistic with its bootstrap interval, as the statistics module returns it. */
import type { BootstrapInterval } from './bootstrap-interval';

/** A field's measurement level, in Krippendorff's sense (its taxonomy's); reports also take `AlphaMetric`. */
export type Level = 'nominal' | 'ordinal' | 'interval';

/** Every level of measurement of Krippendorff's α and of the report: the field levels, then ratio, circular, bipolar. */
export const ALPHA_METRICS = ['nominal', 'ordinal', 'interval', 'ratio', 'circular', 'bipolar'] as const;

/** A level of measurement of Krippendorff's α and of the report. */
export type AlphaMetric = (typeof ALPHA_METRICS)[number];

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

/**
 * Statistics of the report; the Cohen entries are null unless there are exactly two raters (the rank-weighted ones
 * also need level ≠ nominal).
 */
export interface AgreementStatistics {
  percentAgreement: BootstrapInterval;
  fleissKappa: BootstrapInterval;
  gwetAc1: BootstrapInterval;
  krippendorffAlpha: BootstrapInterval;
  cohenKappa: BootstrapInterval | null;
  cohenKappaLinear: BootstrapInterval | null;
  cohenKappaQuadratic: BootstrapInterval | null;
}

/** Weight families of the weighted coefficients (irrCAC's definitions; identity = unweighted). */
export type WeightFamily = (typeof WEIGHT_FAMILIES)[number];

/** Every weight family, identity (unweighted) first. */
export const WEIGHT_FAMILIES = [
  'identity', 'quadratic', 'linear', 'ordinal', 'radical', 'ratio', 'circular', 'bipolar',
] as const;

/** Gwet's analytic inference for one coefficient: linearization variance, t interval and one-sided p (irrCAC). */
export interface AnalyticInference {
  /** Standard error; null when undefined. */
  se: number | null;
  /** estimate − t·se, t the (1 + confidence)/2 quantile of Student's t with df degrees of freedom. */
  low: number | null;
  /** min(1, estimate + t·se), capped at 1 as irrCAC does. */
  high: number | null;
  /** P(T_df > estimate / se): the one-sided p-value of "no agreement beyond chance" against "more". */
  p: number | null;
  /** Degrees of freedom: the number of units minus 1. */
  df: number;
}

/** One level of a benchmark scale with the probability that the coefficient reaches it or a better one. */
export interface BenchmarkLevel {
  label: string;
  low: number;
  high: number;
  /** irrCAC's CumProb: P(true coefficient in this interval or a better one), the normal law truncated to [−1, 1]. */
  cumulativeProbability: number;
}

/** Membership probabilities on the three scales irrCAC reports (landis.koch.bf, fleiss.bf, altman.bf). */
export interface BenchmarkMemberships {
  landisKoch: BenchmarkLevel[];
  fleiss: BenchmarkLevel[];
  altman: BenchmarkLevel[];
}

/** A coefficient with its observed and chance agreement, analytic inference, bootstrap interval and benchmarks. */
export interface Coefficient {
  estimate: number | null;
  /** Observed agreement p_a as the coefficient defines it (weighted for weighted forms). */
  pa: number | null;
  /** Chance agreement p_e. */
  pe: number | null;
  analytic: AnalyticInference | null;
  /** Null where a bootstrap is not cheap (rater-specific coefficients with more than two raters). */
  bootstrap: BootstrapInterval | null;
  benchmarks: BenchmarkMemberships | null;
}

/** Fleiss' κ of one category against all others (Fleiss 1971). */
export interface CategoryCoefficient {
  category: string;
  kappa: Coefficient;
}

/**
 * Weighted forms with one weight family: the one asked for, else the level's natural family (ordinal: ordinal weights;
 * interval: quadratic; ratio, circular, bipolar: their own).
 */
export interface WeightedCoefficients {
  weights: WeightFamily;
  percentAgreement: Coefficient;
  brennanPrediger: Coefficient;
  fleissKappa: Coefficient;
  congerKappa: Coefficient;
  gwetAc2: Coefficient;
  /** Two raters only. */
  cohenKappa: Coefficient | null;
}

/** Byrt, Bishop & Carlin (1993) for a binary field rated by two raters, over the items both labelled. */
export interface PabakReport {
  /** The category counted as positive: the second of the two. */
  positive: string;
  /** PABAK = 2·p_o − 1. */
  pabak: Coefficient;
  /** (a − d)/n: both positive minus both negative. */
  prevalenceIndex: number | null;
  /** (b − c)/n: first rater positive only minus second rater positive only. */
  biasIndex: number | null;
  n: number;
}

/** Every coefficient the level allows, each with analytic and (where cheap) bootstrap inference. */
export interface AgreementCoefficients {
  percentAgreement: Coefficient;
  /** Brennan–Prediger; with many raters Randolph's free-marginal κ. */
  brennanPrediger: Coefficient;
  /** Fleiss' κ (Scott's π generalized to many raters). */
  fleissKappa: Coefficient;
  congerKappa: Coefficient;
  gwetAc1: Coefficient;
  /** At the report's level (its metric). */
  krippendorffAlpha: Coefficient;
  /** Two raters only, over the items both labelled. */
  cohenKappa: Coefficient | null;
  /** Two raters only, over the items both labelled. */
  scottPi: Coefficient | null;
  perCategory: CategoryCoefficient[];
  /** Null at nominal level unless a weight family was asked for. */
  weighted: WeightedCoefficients | null;
  /** Binary fields with two raters only. */
  pabak: PabakReport | null;
}

/** How the analytic inference was computed. */
export interface AnalyticSettings {
  method: 'gwet-linearization';
  confidence: number;
  /** Population size N of the finite-population correction (1 − n/N); null = none (infinite population). */
  population: number | null;
}

/** What `earshot agreement --json` prints. */
export interface AgreementReport {
  /** α's level of measurement; it also sets the default weights of the weighted forms. */
  level: AlphaMetric;
  nItems: number;
  /** Items with at least one label: the bootstrap resamples these. */
  nRatedItems: number;
  /** Items with at least two labels: the units that enter p_a, Fleiss' κ, AC1 and α. */
  nPairableItems: number;
  nRaters: number;
  raters: string[];
  nRatings: number;
  categories: string[];
  bootstrap: {
    method: 'percentile';
    unit: 'item';
    prng: 'mulberry32';
    resamples: number;
    seed: number;
    confidence: number;
  };
  statistics: AgreementStatistics;
  /** Rows: first rater, columns: second rater; null unless there are exactly two raters. */
  confusionMatrix: ConfusionMatrix | null;
  /** Every coefficient the level allows, with analytic and bootstrap inference (docs/metrics-agreement.md). */
  coefficients: AgreementCoefficients;
  analytic: AnalyticSettings;
  /** α at the report's level by the Hayes–Krippendorff pair bootstrap; present when asked for (`pairBootstrap`). */
  alphaPairBootstrap?: PairBootstrapInterval | null;
}

/** The Hayes–Krippendorff pair bootstrap of α (KALPHA's algorithm), beside the report's item bootstrap. */
export interface PairBootstrapInterval extends BootstrapInterval {
  method: 'hayes-krippendorff';
  /** Pairs drawn per resample, M = min(25·z, (R − 1)·n/2): z non-zero coincidence cells, n pairable values. */
  pairs: number;
  /** Pairs of values the data hold, Σ_u m_u(m_u − 1)/2 (KALPHA's "Pairs"). */
  dataPairs: number;
  /** Resamples with α* = 1 set to 0 by KALPHA's correction for resamples without variation. */
  noVariationResamples: number;
  /** Share of resamples with α* < α_min (q in KALPHA's output). */
  belowMinimum: { alphaMin: number; probability: number | null }[];
}
