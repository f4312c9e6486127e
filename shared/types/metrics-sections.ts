/**
 * A study's figures delivered section by section (`metrics.start`, docs/metrics-jobs.md): the head first, then each
 * section as it is computed, in any order; mergeSection puts them into the document `metrics.study` returns.
 */
import type { TranscriptionRow } from './word-errors';
import type { StudyInteractionMetrics } from './interaction-metrics';
import type { JudgeCorrectedSection } from './ppi';
import type {
  DsbDgSection,
  LabelSection,
  MetricsFamily,
  MetricsTable,
  ResolvedMetricsOptions,
  StudyMetrics,
  TauSection,
} from './metrics';

/** The part of the document one section fills. */
export type MetricsPart =
  | { key: 'tau'; value: TauSection }
  | { key: 'vera'; value: StudyMetrics['vera'] }
  | { key: 'dsbDg'; value: DsbDgSection | null }
  | { key: 'labels'; value: LabelSection }
  | { key: 'interaction'; value: StudyInteractionMetrics | null }
  | { key: 'judgeCorrected'; value: JudgeCorrectedSection }
  | { key: 'transcription'; value: TranscriptionRow[] };

/** One finished section: its place in the document, its part, its tables and its notes. */
export interface MetricsSection {
  /** `tau-voice`, `tau-elicitation`, `generic`, `vera`, `dsb-dg`, `labels`, `interaction`, `judge-corrected`, … */
  id: string;
  /** Position in the document's order (tables and notes are listed in this order). */
  index: number;
  part: MetricsPart;
  tables: MetricsTable[];
  notes: string[];
}

/** A section to come, as the head announces it. */
export interface SectionPlan {
  id: string;
  index: number;
  title: string;
}

/** What is known before any section: the study, the options, its episodes and the sections to come. */
export interface MetricsHead {
  study: StudyMetrics['study'];
  options: ResolvedMetricsOptions;
  episodes: number;
  families: { family: MetricsFamily; episodes: number }[];
  sections: SectionPlan[];
}

/** The payload of the `metrics.section` event: the head of a job, or one of its sections. */
export type MetricsSectionEvent = { jobId: string; studyId: number } & (
  { kind: 'head'; head: MetricsHead } | { kind: 'section'; section: MetricsSection }
);

/** A document with the head's facts and every section still empty. */
export function emptyMetrics(head: MetricsHead): StudyMetrics {
  const { sections: _sections, ...facts } = head;
  return {
    ...facts,
    tau: [],
    vera: null,
    dsbDg: null,
    labels: { sourceField: null, subtypeField: null, disputed: 0, failures: [], categories: [] },
    interaction: null,
    judgeCorrected: { confidence: head.options.confidence, design: '', figures: [] },
    transcription: [],
    tables: [],
    notes: [],
  };
}

/**
 * Merges finished sections into a document: each part in its place, tables and notes in section order, so that the
 * merge of every section equals the document computed at once.
 */
export function mergeSections(head: MetricsHead, sections: readonly MetricsSection[]): StudyMetrics {
  const doc = emptyMetrics(head);
  const ordered = [...sections].sort((a, b) => a.index - b.index);
  for (const { part } of ordered) {
    if (part.key === 'tau') doc.tau.push(part.value);
    else if (part.key === 'vera') doc.vera = part.value;
    else if (part.key === 'dsbDg') doc.dsbDg = part.value;
    else if (part.key === 'labels') doc.labels = part.value;
    else if (part.key === 'interaction') doc.interaction = part.value;
    else if (part.key === 'judgeCorrected') doc.judgeCorrected = part.value;
    else doc.transcription = part.value;
  }
  doc.tables = ordered.flatMap((s) => s.tables);
  doc.notes = ordered.flatMap((s) => s.notes);
  return doc;
}
