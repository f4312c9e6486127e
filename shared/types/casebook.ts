/** A study's casebook: exemplary calls (or moments, or regions of them) filed under categories with a note. */

/** What a case points at: the whole call, a moment of it, or a region start–end. */
export type CaseKind = 'call' | 'moment' | 'region';

/** One case of a casebook. */
export interface CasebookCase {
  id: number;
  episodeId: number;
  /** The call's id in its source (e.g. a τ² simulation id). */
  externalId: string;
  category: string;
  kind: CaseKind;
  /** Null for a whole call; the moment, or the region's start, otherwise. */
  startMs: number | null;
  /** The region's end; null for a call or a moment. */
  endMs: number | null;
  note: string;
  addedBy: { id: number; name: string; initials: string };
  addedAt: string;
}

/** A category with how many cases the viewer sees in it. */
export interface CasebookCategory {
  category: string;
  count: number;
}

/** The casebook of a study as one viewer may see it. */
export interface Casebook {
  studyId: number;
  /** `all` cases, or only the viewer's `own` while the study is blind to them. */
  scope: 'all' | 'own';
  /** Says what the viewer sees and, while blind, when the others' cases open. */
  message: string;
  /** Categories in use, most cases first (then by name). */
  categories: CasebookCategory[];
  /** Cases by category (as `categories` orders them), newest first within a category. */
  cases: CasebookCase[];
  /** Categories to offer when adding: the study's failure categories, then those in use. */
  suggested: string[];
}
