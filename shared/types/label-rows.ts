/** Result rows of the human-label views: failure source/subtype distributions and the error-category heatmap. */

/** Count and share of one label value. */
export interface LabelShare {
  label: string;
  count: number;
  /** count / labelled calls of that kind. */
  share: number;
}

/** Failure source and subtype distribution of one system. */
export interface FailureDistributionRow {
  system: string;
  calls: number;
  /** Calls with no source label: excluded from the source shares. */
  unlabelledSource: number;
  /** Source counts; shares over calls with a source. */
  sources: LabelShare[];
  /** Subtype counts; shares over calls with a subtype. */
  subtypes: LabelShare[];
}

/** Rate of one category overall and its deviation for one system. */
export interface CategoryCell {
  category: string;
  count: number;
  /** Episodes with the category / episodes of the system. */
  rate: number;
  /** rate − overall rate of the category. */
  deviation: number;
}

/** One heatmap row. */
export interface CategoryDeviationRow {
  system: string;
  episodes: number;
  cells: CategoryCell[];
}

/** The heatmap: overall rate per category and each system's deviation from it. */
export interface CategoryDeviation {
  categories: string[];
  /** Episodes with the category / all episodes (pooled over systems, each episode once). */
  overall: { category: string; count: number; rate: number }[];
  systems: CategoryDeviationRow[];
}
