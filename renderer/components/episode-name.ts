/** How a call is named in the list and its header: its external id, or its task and trial where the id is opaque. */
import type { EpisodeRow } from '../../shared/domain';

/** An id no one reads: a UUID (τ² simulation ids, τ-Elicitation simulation ids). */
const OPAQUE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "intake_emails_hard_11 · trial 2" (a bare number reads "task 40 · trial 0") for a call whose external id is a UUID
 * and whose task is known; else null.
 */
export function readableName(e: Pick<EpisodeRow, 'externalId' | 'task' | 'trial'>): string | null {
  if (!e.task || !OPAQUE_ID.test(e.externalId)) return null;
  return `${/^\d+$/.test(e.task) ? `task ${e.task}` : e.task} · trial ${e.trial}`;
}
