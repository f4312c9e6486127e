/** Judge validation: how a judge's output maps onto a human field, and the agreement figures of judge vs humans. */

/** Which part of a judgement is compared: its label, or its error categories (a judge with one category per call). */
export type JudgeOutput = 'label' | 'category';

/**
 * How a judge's output lines up with one human field. A binary mapping names the judge outputs and the human values
 * that count as positive (a flag, a failure); a categorical one pairs each judge output with a human value.
 */
export interface JudgeMapping {
  /** Stable key within the study, e.g. `severity>=2`. */
  key: string;
  /** Shown next to every figure, e.g. "human severity ≥ 2 ↔ judge flagged". */
  label: string;
  /** The human field (taxonomy key, or `verdict`). */
  field: string;
  /** Only judgements of this judge id; null takes each episode's newest judgement. */
  judgeId: string | null;
  output: JudgeOutput;
  kind: 'binary' | 'categorical';
  /** Binary: judge outputs that count as positive, and those that count as negative (any other is left out). */
  judgePositive: string[];
  judgeNegative: string[];
  /** Binary: human values that count as positive, and those that count as negative (any other is left out). */
  humanPositive: string[];
  humanNegative: string[];
  /** Categorical: judge output → human value; outputs not listed leave the item out (and are counted). */
  categories: Record<string, string>;
  /** Built in for the benchmark, or saved for this study (overrides a built-in one with the same key). */
  source: 'builtin' | 'study';
  note?: string;
}

/** A figure with its 95% percentile bootstrap interval; null for an undefined value (0/0). */
export interface JudgeInterval {
  estimate: number | null;
  low: number | null;
  high: number | null;
}

/** Agreement of judge flags with one human reference on the items both labelled. */
export interface BinaryJudgeFigures {
  n: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  percentAgreement: JudgeInterval;
  cohenKappa: JudgeInterval;
  gwetAc1: JudgeInterval;
  /** Prevalence- and bias-adjusted κ, 2·p_o − 1 (Byrt, Bishop & Carlin 1993). */
  pabak: JudgeInterval;
  precision: JudgeInterval;
  recall: JudgeInterval;
  f1: JudgeInterval;
}

/** Who the judge is compared with. */
export type JudgeReferenceKind = 'annotator' | 'adjudicated' | 'pooled_strict' | 'pooled_lenient';

/** The judge against one human reference. */
export interface JudgeComparison {
  reference: string;
  kind: JudgeReferenceKind;
  figures: BinaryJudgeFigures | null;
  /** Why there is no figure (no item both labelled, …). */
  problem?: string;
  /** Items left out of this comparison and why (e.g. adjudicated `unresolved`). */
  excluded?: { unresolved: number };
}

/** The comparisons restricted to one group of items, or to one category against the rest. */
export interface JudgeGroup {
  by: string;
  group: string;
  comparisons: JudgeComparison[];
  /** Categorical mappings: agreement over all categories within the group. */
  overall?: CategoryJudgeFigures[];
}

/** Judge output × human value counts for one human reference (categorical mappings). */
export interface JudgeConfusion {
  reference: string;
  judgeValues: string[];
  humanValues: string[];
  counts: number[][];
}

/** Everything for one mapping of one field. */
export interface JudgeFieldAgreement {
  mapping: JudgeMapping;
  /** Items with a mapped judge output and at least one human label. */
  items: number;
  /** Items whose judge output the mapping does not cover. */
  unmappedJudgeOutputs: number;
  comparisons: JudgeComparison[];
  /** Categorical mappings: agreement over all categories, per reference (annotators and the adjudicated label). */
  overall: CategoryJudgeFigures[];
  perCategory: JudgeGroup[];
  confusion: JudgeConfusion[];
  breakdowns: JudgeGroup[];
  bootstrap: { seed: number; resamples: number };
}

/** One of the release's own figures beside Earshot's recomputation of it. */
export interface ReleaseFigure {
  key: string;
  label: string;
  /** Recomputed by Earshot from the imported rows; null when the rows cannot determine it. */
  computed: number | null;
  /** As the release states it (its metrics file), when it states it. */
  stated: number | null;
  note?: string;
}

/** A validation file of a benchmark's public release, recomputed where its rows allow. */
export interface ReleaseValidationPart {
  file: string;
  title: string;
  units: string;
  figures: ReleaseFigure[];
  /** Judge vs the release's final human labels, per definition (e.g. severity ≥ 2, any finding). */
  definitions: { key: string; label: string; figures: BinaryJudgeFigures }[];
  /** What the file cannot support (e.g. inter-rater agreement from final labels only). */
  notes: string[];
}

/** Judge vs humans for one field of a study, with the release's own validation when the study has one. */
export interface JudgeValidation {
  field: string;
  results: JudgeFieldAgreement[];
  /** Said instead of a number when no mapping relates a judge to this field. */
  unmapped: string | null;
  release: ReleaseValidationPart[];
}

/** One judge of a study: its id and version, and how many judgements it made. */
export interface JudgeRef {
  judgeId: string;
  judgeVersion: string;
  judgements?: number;
}

/** One human's side of a disputed item. */
export interface DisagreementHuman {
  annotator: string;
  value: string | null;
  notes: string | null;
  firstErrorMs: number | null;
}

/** An item where the judge and the humans, or the humans among themselves, disagree. */
export interface DisagreementItem {
  episodeId: number;
  externalId: string;
  system: string;
  condition: Record<string, string>;
  /** Who disagrees: the judge with at least one human, and/or the humans among themselves. */
  kinds: ('judge_vs_humans' | 'humans')[];
  /** The categories in play (the judge's and the humans' values, mapped to the field). */
  categories: string[];
  judge: {
    label: string;
    mapped: string | null;
    rationale: string;
    findings: { text: string; startMs: number | null }[];
  };
  humans: DisagreementHuman[];
  adjudication: { value: string; rationale: string } | null;
  /** Where to start playing: the first finding's time, else the earliest first-error mark. */
  playFromMs: number | null;
}

/** Two judges against the same humans on one part of the labelled items, with the paired differences. */
export interface JudgesOnPart {
  part: 'all' | 'held_out' | 'tuning';
  items: number;
  baseline: JudgeComparison[];
  candidate: JudgeComparison[];
  /** Candidate minus baseline, per reference, with intervals from the same resamples (paired on items). */
  differences: { reference: string; cohenKappa: JudgeInterval; f1: JudgeInterval; percentAgreement: JudgeInterval }[];
}

/** Two judges compared on exactly the items the humans labelled. */
export interface JudgesOnLabelledItems {
  field: string;
  mapping: JudgeMapping;
  baseline: JudgeRef;
  candidate: JudgeRef;
  /** The study's fixed, seeded held-out split (null when the study has none). */
  split: { seed: number; fraction: number; heldOut: number; tuning: number } | null;
  /** Labelled items one of the judges did not judge (left out of every part). */
  missing: { baseline: number; candidate: number };
  parts: JudgesOnPart[];
  bootstrap: { seed: number; resamples: number };
}

/** A judge's categories against one human reference over all categories of a categorical mapping. */
export interface CategoryJudgeFigures {
  reference: string;
  kind: JudgeReferenceKind;
  n: number;
  percentAgreement: JudgeInterval;
  cohenKappa: JudgeInterval;
  gwetAc1: JudgeInterval;
}
