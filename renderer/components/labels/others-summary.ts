/** One line per other annotator in the label panel: their values in the taxonomy's field order, notes left out. */
import { SYSTEM_FIELDS, type LabelValue, type Taxonomy } from '../../../shared/types/annotation';
import { formatMs } from '../../format';

const LAST = Number.MAX_SAFE_INTEGER;

/** "source agent · subtype hallucination · first error 0:04.0": the taxonomy's fields first, in its order. */
export function othersSummary(taxonomy: Taxonomy, values: Record<string, LabelValue>): string {
  const rank = new Map(taxonomy.fields.map((f, i) => [f.key, i]));
  return Object.entries(values)
    .filter(([key]) => key !== SYSTEM_FIELDS.notes)
    .map(([key, value], seen) => ({ key, value, order: rank.get(key) ?? LAST, seen }))
    .sort((a, b) => a.order - b.order || a.seen - b.seen)
    .map(({ key, value }) => {
      if (key === SYSTEM_FIELDS.firstErrorMs && typeof value === 'number') return `first error ${formatMs(value)}`;
      return `${key} ${Array.isArray(value) ? value.join('+') : String(value)}`;
    })
    .join(' · ');
}
