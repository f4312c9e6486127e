/** Moving through the adjudication queue. */
import type { AdjudicationItem } from '../../../shared/types/annotation';

/**
 * The item after `episodeId` in the queue (wrapping round, the item itself last) that still needs a decision, i.e. has
 * no final label: an open dispute, or a unanimous item the study does not accept by itself; null when none is left.
 */
export function nextUndecided(items: readonly AdjudicationItem[], episodeId: number | null): AdjudicationItem | null {
  const at = items.findIndex((i) => i.episodeId === episodeId);
  const order = [...items.slice(at + 1), ...items.slice(0, at + 1)];
  return order.find((i) => i.final === null && i.episodeId !== episodeId) ?? null;
}
