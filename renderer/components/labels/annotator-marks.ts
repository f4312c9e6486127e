/** Annotators' marks (first error, labelled regions) as the adjudicator sees them, each annotator in a colour. */
import type { LabelledRegion } from '../../../shared/types/regions';

/** One annotator's marks, drawn read-only over the waveform. */
export interface AnnotatorMarks {
  annotator: string;
  /** Shown before each region's name on the waveform. */
  initials: string;
  firstErrorMs: number | null;
  regions: LabelledRegion[];
}

const PALETTE = ['--chart-5', '--chart-7', '--chart-6', '--chart-8'] as const;

/** The CSS variable of the colour of the annotator at position `index` (the same in the panel and on the waveform). */
export function annotatorColourVar(index: number): string {
  return PALETTE[index % PALETTE.length];
}

/** A `#rrggbb` colour at opacity `alpha` as rgba(); any other colour text is returned unchanged. */
export function withAlpha(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (!m) return colour;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
