/**
 * The stretch of the call an exported case's audio clip holds: a moment with 4 s before and 6 s after it; a region
 * with 3 s on each side (the region itself at most 60 s from its start); a whole call from its start, at most 60 s.
 * Clamped to the call's length when it is known.
 */
import type { CasebookCase } from '../../../shared/types/casebook';

/** The clip's range in the call, ms. */
export interface ClipWindow {
  startMs: number;
  endMs: number;
}

/** Context kept before and after a region, ms. */
export const REGION_CONTEXT_MS = 3000;
/** Context kept before a moment, ms. */
export const MOMENT_BEFORE_MS = 4000;
/** Context kept after a moment, ms. */
export const MOMENT_AFTER_MS = 6000;
/** Longest stretch of a region or call kept in a clip, ms. */
export const MAX_CLIP_MS = 60_000;

/** The clip's range for a case of a call lasting `durationMs` (null: unknown). */
export function clipWindow(c: Pick<CasebookCase, 'startMs' | 'endMs'>, durationMs: number | null): ClipWindow {
  const end = durationMs ?? Number.POSITIVE_INFINITY;
  const clamp = (ms: number) => Math.max(0, Math.min(end, ms));
  if (c.startMs === null) return { startMs: 0, endMs: clamp(MAX_CLIP_MS) };
  if (c.endMs === null)
    return { startMs: clamp(c.startMs - MOMENT_BEFORE_MS), endMs: clamp(c.startMs + MOMENT_AFTER_MS) };
  const regionEnd = Math.min(c.endMs, c.startMs + MAX_CLIP_MS);
  return { startMs: clamp(c.startMs - REGION_CONTEXT_MS), endMs: clamp(regionEnd + REGION_CONTEXT_MS) };
}
