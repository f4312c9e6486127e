/**
 * An Audacity label track holds one list of labels, so tiers travel in it by name: each label is written
 * `TIER: text` ("user: I want a refund", "Ana Lima/regions: overlap"). Read back, a label whose text starts with a
 * speaker's name or `NAME/FIELD` and ": " goes to that tier; any other label is a region, so a track someone labelled
 * by hand in Audacity imports as regions.
 */
import { SPEAKER_TIERS } from './episode-tiers';
import type { Interval, Tier, TierDocument } from './tiers';

/** The tier that plain labels (those naming no tier) belong to. */
export const PLAIN_LABELS_TIER = 'regions';

const TIER_PREFIX = new RegExp(`^(${SPEAKER_TIERS.join('|')}|[^:\\t]*/[A-Za-z_]\\w*): `);

/** The labels of one track: every tier's intervals with the tier's name in front, in time order. */
export function tiersToLabels(doc: TierDocument): Interval[] {
  return doc.tiers
    .flatMap((t) => t.intervals.map((i) => ({ ...i, text: `${t.name}: ${i.text}` })))
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/** The tiers of a track's labels, by the tier names in front of them. */
export function labelsToTiers(labels: readonly Interval[]): TierDocument {
  const tiers = new Map<string, Tier>();
  for (const label of labels) {
    const named = TIER_PREFIX.exec(label.text);
    const name = named ? named[1] : PLAIN_LABELS_TIER;
    const text = named ? label.text.slice(named[0].length) : label.text;
    if (!tiers.has(name)) tiers.set(name, { name, intervals: [] });
    tiers.get(name)!.intervals.push({ ...label, text });
  }
  const durationMs = Math.max(0, ...labels.map((l) => l.endMs));
  const bands = labels.filter((l) => l.band).length;
  const notes = bands ? [`${bands} labels' frequency bands: regions have no band, left out`] : [];
  return { durationMs, tiers: [...tiers.values()], ...(notes.length ? { notes } : {}) };
}
