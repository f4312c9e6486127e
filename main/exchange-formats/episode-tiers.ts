/**
 * How an episode becomes tiers and tiers become an episode's turns and regions (docs/formats.md, "Annotation tools"):
 * a tier per speaker (`user`, `agent`, `system`) holding the timed turns, and per annotator a tier `NAME/regions` of
 * their labelled regions plus a tier `NAME/FIELD` for each other label, whose one interval spans the call (the first
 * error's runs from the error to the end of the call).
 */
import type { Speaker, Turn } from '../../shared/domain';
import { SYSTEM_FIELDS, type LabelValue } from '../../shared/types/annotation';
import { regionsOf } from '../../shared/types/regions';
import type { Tier, TierDocument } from './tiers';

/** The speakers whose turns are tiers; tool events are not speech and are left out. */
export const SPEAKER_TIERS: readonly Speaker[] = ['user', 'agent', 'system'];

/** The label field whose values are region intervals. */
export const REGIONS = SYSTEM_FIELDS.regions;

/** What an episode exports: its length, turns and each annotator's labels. */
export interface EpisodeExchange {
  durationMs: number | null;
  turns: readonly Pick<Turn, 'speaker' | 'startMs' | 'endMs' | 'text'>[];
  labels: readonly { annotator: string; values: Record<string, LabelValue> }[];
}

/** A label value as text: a choice or text as it is, a list joined by "; ", yes/no, a number in digits. */
export function valueText(value: LabelValue): string {
  if (Array.isArray(value)) return value.join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** The tiers of an episode; `emptyText` stands for an empty turn text or region label (Praat has no empty labels). */
export function episodeTiers(e: EpisodeExchange, emptyText = ''): TierDocument {
  const shown = (text: string) => (text === '' ? emptyText : text);
  const timed = e.turns.filter((t) => t.startMs !== null && t.endMs !== null && t.endMs > t.startMs);
  const regionsEnd = e.labels.flatMap((l) => regionsOf(l.values[REGIONS]).map((r) => r.endMs));
  const durationMs = Math.max(e.durationMs ?? 0, 1, ...timed.map((t) => t.endMs!), ...regionsEnd);
  const speakers: Tier[] = SPEAKER_TIERS.filter((s) => s !== 'system' || timed.some((t) => t.speaker === s)).map(
    (speaker) => ({
      name: speaker,
      participant: speaker,
      intervals: timed
        .filter((t) => t.speaker === speaker)
        .map((t) => ({ startMs: t.startMs!, endMs: t.endMs!, text: shown(t.text) })),
    }),
  );
  const labelTiers = e.labels.flatMap(({ annotator, values }): Tier[] => {
    const regions: Tier = {
      name: `${annotator}/${REGIONS}`,
      annotator,
      intervals: regionsOf(values[REGIONS]).map((r) => ({ startMs: r.startMs, endMs: r.endMs, text: shown(r.label) })),
    };
    const fields = Object.entries(values)
      .filter(([field, value]) => field !== REGIONS && value !== null && valueText(value) !== '')
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([field, value]): Tier => {
        const errorAt = field === SYSTEM_FIELDS.firstErrorMs && typeof value === 'number' ? Math.round(value) : null;
        const startMs = errorAt !== null && errorAt >= 0 && errorAt < durationMs ? errorAt : 0;
        return {
          name: `${annotator}/${field}`,
          annotator,
          intervals: [{ startMs, endMs: durationMs, text: valueText(value!) }],
        };
      });
    return [regions, ...fields];
  });
  return { durationMs, tiers: [...speakers, ...labelTiers] };
}
