/**
 * Agreement on the fields that are not one category per rating: time marks (the first critical error), labelled
 * regions, and multi-label sets. Shapes as main/stats/agreement returns them (docs/metrics-agreement.md).
 */
import type { BootstrapInterval } from './bootstrap-interval';

/** Pairs of raters on the first-error mark within ±toleranceMs; a missing mark on a rated call is "no error". */
export interface FirstErrorAgreement {
  toleranceMs: number;
  /** Calls rated by at least two of the raters. */
  items: number;
  pairs: number;
  bothMarked: number;
  withinTolerance: number;
  bothAbsent: number;
  oneAbsent: number;
  /** (withinTolerance + bothAbsent) / pairs, with its item bootstrap interval. */
  agreement: BootstrapInterval;
  /** withinTolerance / bothMarked. */
  markedAgreement: number | null;
  medianDifferenceMs: number | null;
  /** Krippendorff's interval α on the marked times (calls with at least two marks); null when undefined. */
  intervalAlpha: number | null;
  /** Calls with at least two marks, the units of intervalAlpha. */
  markedItems: number;
}

/** One region category: unitizing αu and tolerance matching. */
export interface RegionCategoryAgreement {
  category: string;
  /** Regions of the category on the continuum (all raters). */
  units: number;
  observed: number;
  expected: number;
  /** Krippendorff's αu of the category; null when no rater marked it. */
  alpha: number | null;
  /** Tolerance matching over every pair of raters of a call (start and end within ±toleranceMs). */
  regions: number;
  matched: number;
  /** 2·matched / regions; null when no pair had a region of the category. */
  matchAgreement: number | null;
  bothAbsent: number;
  oneAbsent: number;
  medianOnsetDifferenceMs: number | null;
}

/** Labelled regions: αu on the calls every rater rated, laid end to end, and per-category matching. */
export interface RegionAgreement {
  toleranceMs: number;
  /** Calls every rater rated: the continuum of αu. */
  calls: number;
  continuumMs: number;
  /** αu over all categories (D_O and D_E averaged over the categories); null when no region. */
  alpha: number | null;
  categories: RegionCategoryAgreement[];
}

/** Krippendorff's α of a multi-label field with the MASI and Jaccard distances between label sets. */
export interface SetAgreement {
  /** Items with at least two ratings. */
  pairableItems: number;
  /** α with the MASI distance and its percentile item bootstrap interval; estimate null when undefined. */
  masiAlpha: BootstrapInterval;
  /** α with the Jaccard distance and its interval, on the same resamples as masiAlpha. */
  jaccardAlpha: BootstrapInterval;
}

/** The extra agreement of a time, region or multi-label field; each part null when the field is not of that kind. */
export interface FieldAgreementExtras {
  firstError: FirstErrorAgreement | null;
  regions: RegionAgreement | null;
  sets: SetAgreement | null;
}
