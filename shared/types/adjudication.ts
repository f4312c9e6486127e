/** What an adjudicator sees of one item under decision: every annotator's labels and marks, and the judge. */
import type { JudgeFinding } from '../domain';
import type { AdjudicationItem } from './annotation';
import type { LabelledRegion } from './regions';

/** One annotator's work on the item: the label of the field, their notes, first-error mark and labelled regions. */
export interface AnnotatorEvidence {
  annotator: string;
  initials: string;
  /** The annotator's label of the field under decision, as compared for agreement (null when they gave none). */
  value: string | null;
  notes: string;
  firstErrorMs: number | null;
  regions: LabelledRegion[];
}

/** The judge's newest verdict on the call. */
export interface JudgeEvidence {
  judgeId: string;
  label: string;
  rationale: string;
  findings: JudgeFinding[];
}

/** The item under decision, each annotator's evidence (in the item's rater order) and the judge's, when judged. */
export interface AdjudicationItemDetail {
  item: AdjudicationItem;
  annotators: AnnotatorEvidence[];
  judge: JudgeEvidence | null;
}
