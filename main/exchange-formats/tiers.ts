/** The neutral form every exchange format reads into and writes from: named tiers of timed, labelled intervals. */

/** One labelled stretch of time; an Audacity label may also carry a frequency band (its spectral selection). */
export interface Interval {
  startMs: number;
  endMs: number;
  text: string;
  /** Low and high edge of the band in Hz, when the label has a spectral selection (Audacity's extended form). */
  band?: { lowHz: number; highHz: number };
  /** Where the interval was read (`line 12`, `annotation a7`), for messages; absent on written documents. */
  site?: string;
}

/** A named tier: a speaker's turns, one annotator's regions or one label field. */
export interface Tier {
  name: string;
  /** The annotator the tier belongs to (ELAN's ANNOTATOR attribute); absent for speaker tiers. */
  annotator?: string;
  /** The speaker the tier transcribes (ELAN's PARTICIPANT attribute); absent for label tiers. */
  participant?: string;
  intervals: Interval[];
}

/** A document of tiers over a call `durationMs` long. */
export interface TierDocument {
  durationMs: number;
  tiers: Tier[];
  /** What a reader left out and why (a Praat point tier, say), for the import's report. */
  notes?: string[];
}

/**
 * Splits a tier whose intervals overlap into tiers that do not (ELAN and Praat forbid overlaps within a tier): each
 * interval goes to the first layer free at its start; the layers after the first are named "NAME (2)", "NAME (3)"….
 */
export function withoutOverlaps(tier: Tier): Tier[] {
  const layers: Tier[] = [];
  const sorted = [...tier.intervals].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  for (const interval of sorted) {
    let layer = layers.find((l) => l.intervals[l.intervals.length - 1].endMs <= interval.startMs);
    if (!layer) {
      layer = { ...tier, name: layers.length ? `${tier.name} (${layers.length + 1})` : tier.name, intervals: [] };
      layers.push(layer);
    }
    layer.intervals.push(interval);
  }
  return layers.length ? layers : [{ ...tier, intervals: [] }];
}

/** The name a tier had before `withoutOverlaps` split it: "regions (2)" is "regions". */
export function baseTierName(name: string): string {
  return name.replace(/ \(\d+\)$/, '');
}
