import { groupBy } from './group';
import type { FailureDistributionRow, LabelShare } from '../../../shared/types/label-rows';

/** A human failure label of one call (after adjudication, or one annotator's). */
export interface FailureLabel {
  episode: string;
  system: string;
  /** `agent`, `user`, `system`, `no_error`, `unresolved`, …; null when not labelled. */
  source: string | null;
  /** `transcription_error`, `logical_error`, `hallucination`, `vad`, …; null when not labelled or not applicable. */
  subtype: string | null;
}

/** Counts and shares of the non-null values, most frequent first (ties by name). */
export function labelShares(values: readonly (string | null)[]): LabelShare[] {
  const present = values.filter((v): v is string => v !== null);
  return [...groupBy(present, (v) => v)]
    .map(([label, rows]) => ({ label, count: rows.length, share: rows.length / present.length }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** Failure source and subtype distributions per system (counts and shares; missing labels reported, not shared). */
export function failureDistribution(labels: readonly FailureLabel[]): FailureDistributionRow[] {
  return [...groupBy(labels, (l) => l.system)].map(([system, rows]) => ({
    system,
    calls: rows.length,
    unlabelledSource: rows.filter((l) => l.source === null).length,
    sources: labelShares(rows.map((l) => l.source)),
    subtypes: labelShares(rows.map((l) => l.subtype)),
  }));
}
