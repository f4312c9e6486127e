/** Domain types of annotation: annotators, taxonomies, labels, queues, adjudication, agreement. Plain data only. */
import type { AgreementReport } from './agreement-report';
import type { JudgeValidation } from './judge-validation';
import type { FieldAgreementExtras } from './field-agreement';

/** The agreement report (shared/types/agreement-report.ts). */
export type { AgreementReport };

/** What an annotator may do: label episodes, or also adjudicate disputes and see everyone's labels. */
export type AnnotatorRole = 'annotator' | 'adjudicator';

/** A person who labels (or adjudicates). */
export interface Annotator {
  id: number;
  name: string;
  initials: string;
  role: AnnotatorRole;
  createdAt: string;
}

/** An annotator as the studio lists them: with the studies they belong to. */
export interface ListedAnnotator extends Annotator {
  /**
   * For an annotator an import made (a released study's raters, such as τ-Elicitation's A and B): the study they came
   * with, the only one that offers them (more than one if several imports made the same name). Null for everyone else
   * (people made in the studio, authors of label bundles), whom every study offers.
   */
  importedIn: number[] | null;
}

/** How a taxonomy field is answered. */
export type FieldKind = 'single' | 'multi' | 'boolean' | 'number' | 'text';

/** One allowed answer of a single- or multi-choice field. */
export interface FieldOption {
  value: string;
  label?: string;
  /** Heading the option is listed under (e.g. VERA's four error groups). */
  group?: string;
  description?: string;
}

/** One question of a taxonomy. */
export interface TaxonomyField {
  key: string;
  label: string;
  kind: FieldKind;
  options?: FieldOption[];
  /** Level of measurement for agreement; choice fields default to nominal. */
  level?: 'nominal' | 'ordinal' | 'interval';
  /** Shown (and expected) only when another single-choice field has one of these values. */
  when?: { field: string; in: string[] };
  description?: string;
  /** The part the field plays in exports (validation.csv's error source, subtype, severity and notes columns). */
  role?: 'source' | 'subtype' | 'severity' | 'notes';
}

/** A judge label the taxonomy knows, and whether it flags a failure (for precision/recall of the judge). */
export interface VerdictOption {
  value: string;
  label?: string;
  failure: boolean;
}

/** A labelling scheme: its fields and the judge-verdict vocabulary. */
export interface Taxonomy {
  format: 'earshot-taxonomy-v1';
  id: string;
  name: string;
  version?: string;
  description?: string;
  /** Where the labels come from (paper, repository file). */
  source?: string;
  /** A caveat shown above the fields. */
  note?: string;
  verdicts: VerdictOption[];
  fields: TaxonomyField[];
}

/** A label value: a choice, several choices, yes/no, a number, free text, or cleared (null). */
export type LabelValue = string | string[] | boolean | number | null;

/** Phase of a label: before the judge is revealed, or the final label. */
export type LabelPhase = 'pre_reveal' | 'final';

/** Field keys every study has besides its taxonomy's. */
export const SYSTEM_FIELDS = {
  judgeAgree: 'judge_agree',
  judgeLabel: 'judge_label',
  firstErrorMs: 'first_error_ms',
  notes: 'notes',
  regions: 'regions',
} as const;

/** The derived field "the human verdict": the judge's label when the annotator agrees, else their corrected label. */
export const VERDICT_FIELD = 'verdict';

/** A study's annotation settings. */
export interface StudyAnnotationSettings {
  studyId: number;
  blind: boolean;
  hideJudgeUntilCommit: boolean;
  /** The judge stays hidden from an annotator on a call until their first label there is saved. */
  hideJudgeUntilFirstLabel: boolean;
  /** The gold/reference of a call (expected answer, gold values, expected actions) stays hidden from an annotator
   * until they commit their labels for it. */
  hideReferenceUntilCommit: boolean;
  autoAcceptUnanimous: boolean;
  /** The study lead (an annotator id): sees everything and may reveal agreement; null when none. */
  leadId: number | null;
  /** When agreement was revealed to the study's annotators, and by whom (null until revealed). */
  agreementRevealedAt: string | null;
  agreementRevealedBy: number | null;
  /** The taxonomy in force, and whether it is the benchmark's built-in one or the study's own. */
  taxonomy: Taxonomy;
  taxonomySource: 'builtin' | 'study';
}

/** Why a viewer may (or may not) read other annotators' labels and agreement figures in a study. */
export type AgreementAccessReason = 'not_blind' | 'adjudicator' | 'lead' | 'finished' | 'revealed' | 'blind';

/** Whether a viewer may read other annotators' labels, commits and agreement figures in a study, and why. */
export interface AgreementAccess {
  studyId: number;
  allowed: boolean;
  reason: AgreementAccessReason;
  /** A plain sentence: what is blind and how access opens, or why it is open. */
  message: string;
  /** Calls left in the viewer's share of the study's work queues; null when none is assigned to them. */
  remaining: number | null;
  revealedAt: string | null;
  /** Annotator id of whoever revealed agreement. */
  revealedBy: number | null;
  /** The viewer may reveal agreement (the study lead or an adjudicator, in a blind study not yet revealed). */
  canReveal: boolean;
}

/** What the labelling panel needs for one episode and one annotator. */
export interface EpisodeLabels {
  episodeId: number;
  studyId: number;
  annotatorId: number;
  settings: StudyAnnotationSettings;
  /** The annotator's current values by field (pre-reveal values until committed when the judge is hidden). */
  values: Record<string, LabelValue>;
  /** Pre-reveal values, kept after the commit. */
  preReveal: Record<string, LabelValue>;
  phase: LabelPhase;
  committed: boolean;
  judgeVisible: boolean;
  /** Id of the newest history entry of this annotator on this episode (0 when none). */
  revision: number;
  canUndo: boolean;
  /** Other annotators' labels: only when the blind rules let this annotator read them (annotation/blind-access). */
  others: { annotator: string; values: Record<string, LabelValue> }[];
}

/** The acknowledgement of a durable label change. */
export interface LabelAck {
  episodeId: number;
  field: string;
  phase: LabelPhase;
  value: LabelValue;
  revision: number;
}

/** One entry of the append-only label history. */
export interface HistoryEntry {
  id: number;
  annotator: string | null;
  field: string;
  phase: string;
  oldValue: LabelValue;
  newValue: LabelValue;
  action: string;
  at: string;
}

/** A work queue with each assignee's progress. */
export interface WorkQueue {
  id: number;
  studyId: number;
  name: string;
  spec: QueueSpec;
  createdAt: string;
  progress: { annotatorId: number; annotator: string; done: number; total: number }[];
}

/** What a queue's sample is stratified by: nothing (a simple random sample), system, the judge's label, condition. */
export type QueueStratifyBy = 'none' | 'system' | 'judge' | 'condition';

/** How a stratified sample is shared out: in proportion to the strata (n_h ∝ N_h), or Neyman (n_h ∝ N_h·S_h). */
export type QueueAllocation = 'proportional' | 'neyman';

/** How a queue's sample was drawn. */
export interface QueueSpec {
  size: number;
  seed: number;
  onlyFailed: boolean;
  stratifyBy: QueueStratifyBy;
  /** Absent in queues drawn before designs were stored: proportional. */
  allocation?: QueueAllocation;
  /** Neyman: the binary judge mapping whose pilot labels gave each stratum's S_h. */
  mapping?: string;
  /** 'all': every assignee labels every item (double labelling); 'split': items are dealt out. */
  assignment: 'all' | 'split';
  /** Items drawn per stratum. */
  strata: Record<string, number>;
  /** Calls each stratum held when the sample was drawn (N_h; inclusion probability n_h/N_h); absent before. */
  population?: Record<string, number>;
}

/** One item of an annotator's queue. */
export interface QueueItem {
  episodeId: number;
  externalId: string;
  system: string;
  position: number;
  done: boolean;
}

/** One label of one annotator as shown to an adjudicator. */
export interface RaterLabel {
  annotator: string;
  value: string | null;
}

/** An item of the adjudication queue for one field. */
export interface AdjudicationItem {
  episodeId: number;
  externalId: string;
  system: string;
  labels: RaterLabel[];
  judgeLabel: string | null;
  /** decided: a final label other than `unresolved`; unresolved: adjudicated so; disputed: no decision yet. */
  status: 'disputed' | 'unanimous' | 'decided' | 'unresolved';
  final: string | null;
  rationale: string;
}

/** Resolution counts of one field: "source resolved for 86 of 90"; unanimous + decided + unresolved + open = items. */
export interface ResolutionCount {
  field: string;
  /** Items labelled by at least two annotators. */
  items: number;
  /** Items whose annotators all agree and that no adjudicator decided. */
  unanimous: number;
  /** Items an adjudicator gave a final label other than `unresolved`. */
  decided: number;
  /** Items an adjudicator left `unresolved` (with a rationale). */
  unresolved: number;
  /** Disputed items with no decision yet. */
  open: number;
  /** Items with a final label other than `unresolved`: decided, and unanimous when the study accepts unanimity. */
  resolved: number;
}

/** The label an adjudicator gives when the dispute cannot be settled. */
export const UNRESOLVED = 'unresolved';

/** Agreement of one rater with a reference rater (the judge, or the adjudicated label). */
export interface PairReport {
  rater: string;
  reference: string;
  report: AgreementReport | null;
  problem?: string;
}

/** Agreement restricted to one group of episodes. */
export interface BreakdownReport {
  by: string;
  group: string;
  report: AgreementReport | null;
  problem?: string;
}

/** Everything `agreement.compute` and `earshot agreement --study` return for one field. */
export interface StudyAgreement {
  study: { id: number; name: string };
  field: string;
  phase: LabelPhase;
  raters: string[];
  overall: AgreementReport;
  breakdowns: BreakdownReport[];
  /** Each annotator against the adjudicated (or unanimously accepted) label; `unresolved` items are left out. */
  vsAdjudicated: PairReport[];
  /** Items adjudicated `unresolved`, left out of the comparisons with the adjudicated label. */
  unresolvedExcluded: number;
  /** The judge against the humans under every judge-to-field mapping of the field (or why there is none). */
  judge: JudgeValidation;
  /** Time, region and multi-label agreement of such fields; null (or absent) for a plain categorical field. */
  extras?: FieldAgreementExtras | null;
}

/** What an exchange import did. */
export interface ExchangeImportResult {
  studyId: number;
  annotator: string;
  added: number;
  unchanged: number;
  conflicts: { externalId: string; field: string; phase: LabelPhase; local: LabelValue; incoming: LabelValue; resolution: 'kept_local' | 'took_incoming' }[];
  missingEpisodes: string[];
}
