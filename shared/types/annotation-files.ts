/** Annotation files of other tools (ELAN, Praat, Audacity): the formats and what importing one did. */

/** The formats an episode's turns, regions and labels export to and import from. */
export const ANNOTATION_FORMATS = ['eaf', 'textgrid', 'audacity'] as const;

/** One of ANNOTATION_FORMATS: ELAN's .eaf, Praat's .TextGrid, an Audacity label track (.txt). */
export type AnnotationFormat = (typeof ANNOTATION_FORMATS)[number];

/** What became of the file's turns: added to an episode without turns, replaced on request, kept, or none read. */
export type TurnsOutcome = 'added' | 'replaced' | 'kept' | 'none';

/** What importing an annotation file onto an episode did. */
export interface AnnotationImportResult {
  episodeId: number;
  file: string;
  format: AnnotationFormat;
  annotator: string;
  /** The annotator's regions now (null when the file had no regions tier, so they were left as they were). */
  regions: { tier: string; count: number; before: number } | null;
  turns: { outcome: TurnsOutcome; inFile: number; before: number };
  /** Tiers and parts of the file left out, each with the reason. */
  leftOut: string[];
}
