/**
 * Judge-corrected benchmark figures (prediction-powered inference): for every share of calls the judge produces, the
 * judge's own figure, the humans' figure on the labelled calls, and the PPI++ figure combining both, each with its
 * normal-approximation interval (docs/metrics-benchmarks.md, "Judge-corrected figures").
 */

/** A figure with its standard error and two-sided interval; null where it is undefined (e.g. no labelled call). */
export interface CorrectedInterval {
  estimate: number | null;
  standardError: number | null;
  low: number | null;
  high: number | null;
}

/** The three figures of one cell (a system, or a system under one condition). */
export interface CorrectedCell {
  system: string;
  /** The condition of the cell; null for the system pooled over its conditions. */
  condition: Record<string, string> | null;
  /** Calls the judge labelled (N, the population of the figure). */
  calls: number;
  /** Of those, calls with a resolved human label (n). */
  labelled: number;
  /** Calls the humans labelled but disagree on, with no adjudication: left out of the labelled calls. */
  disputed: number;
  /** Strata the labelled calls were drawn in (1 for a simple random sample). */
  strata: number;
  /** The judge's figure on every call; its interval is sampling only, blind to the judge's errors. */
  judgeOnly: CorrectedInterval;
  /** The humans' figure on the labelled calls (the stratified mean under a stratified design). */
  humanOnly: CorrectedInterval;
  /** PPI++: the judge's figure corrected by the humans' labels, λ tuned. */
  corrected: CorrectedInterval;
  /** The power-tuning λ of a one-stratum cell (0 = humans only, 1 = plain PPI); null with several strata. */
  lambda: number | null;
}

/** The difference A − B of two systems' figures (pooled over conditions), the samples taken as independent. */
export interface CorrectedDifference {
  systemA: string;
  systemB: string;
  judgeOnly: CorrectedInterval;
  corrected: CorrectedInterval;
}

/** One figure: the share of calls whose value is `outcome` under one judge-to-field mapping. */
export interface CorrectedFigure {
  /** The mapping's key and label (e.g. `grade:correct`, "human grade CORRECT ↔ grader CORRECT"). */
  mapping: string;
  label: string;
  field: string;
  /** `positive` for a binary mapping (its positive side), else the category counted. */
  outcome: string;
  cells: CorrectedCell[];
  differences: CorrectedDifference[];
  /** Judged calls whose judge output the mapping does not place: left out of every cell. */
  unmappedJudge: number;
  /** Calls with a resolved human label the mapping does not place: counted as unlabelled. */
  unmappedHuman: number;
  /** Calls with a human label but no judge output: left out (PPI needs the judge's label of each labelled call). */
  labelledUnjudged: number;
}

/** Every judge-corrected figure of a study. */
export interface JudgeCorrectedSection {
  confidence: number;
  /** How the labelled calls are taken to have been drawn. */
  design: string;
  figures: CorrectedFigure[];
}

/** One way of drawing more labels and how many it needs for the width asked. */
export interface LabelPlanDesign {
  design:
    'simple random, PPI++' | 'simple random, humans only' | 'by judge label, proportional' | 'by judge label, Neyman';
  /** Labelled calls the figure needs in all; null when no sample of the cell reaches the width. */
  labels: number | null;
  /** Of those, how many more to label (per stratum under a stratified design, summed). */
  more: number | null;
  /** Stratified designs: each stratum (the judge says the outcome, or not), its calls, labels so far and needed. */
  strata?: { stratum: string; calls: number; labelled: number; needed: number }[];
}

/** The plan of one system's figure. */
export interface LabelPlanRow {
  system: string;
  calls: number;
  labelled: number;
  /** Width (high − low) of the PPI++ interval with the labels so far; null without labels. */
  width: number | null;
  /** Variances from the labels so far, or the widest a share can have (0.25) when fewer than MIN_PILOT are labelled. */
  basis: 'pilot' | 'worst case';
  designs: LabelPlanDesign[];
}

/** How many more labels give a chosen interval width for one figure, per system. */
export interface LabelPlan {
  mapping: string;
  outcome: string;
  label: string;
  /** Interval width asked (high − low). */
  width: number;
  confidence: number;
  rows: LabelPlanRow[];
}
