/** Labelled regions of a call, stored as the `regions` label: each region one string "startMs-endMs label". */

/** A stretch of the call an annotator marked, with a short label. */
export interface LabelledRegion {
  startMs: number;
  endMs: number;
  label: string;
}

/** Longest region label kept. */
export const MAX_REGION_LABEL = 160;

const PATTERN = /^(\d+)-(\d+)(?: (.*))?$/s;

/** Encodes a region as stored: "1200-3400 agent talks over the caller". */
export function encodeRegion(r: LabelledRegion): string {
  return `${Math.round(r.startMs)}-${Math.round(r.endMs)}${r.label ? ` ${r.label.slice(0, MAX_REGION_LABEL)}` : ''}`;
}

/** Decodes a stored region; null when the text is not one. */
export function decodeRegion(text: string): LabelledRegion | null {
  const m = PATTERN.exec(text);
  if (!m) return null;
  const startMs = Number(m[1]);
  const endMs = Number(m[2]);
  return endMs > startMs ? { startMs, endMs, label: m[3] ?? '' } : null;
}

/** Why a stored regions value is not acceptable, or null when it is. */
export function regionsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return 'expects a list of regions';
  const bad = value.find((v) => typeof v !== 'string' || decodeRegion(v) === null || v.length > MAX_REGION_LABEL + 24);
  return bad === undefined ? null : `${JSON.stringify(bad)} is not a region ("startMs-endMs label", end after start)`;
}

/** The regions of a stored value, in time order (unreadable entries dropped). */
export function regionsOf(value: unknown): LabelledRegion[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((v) => (typeof v === 'string' ? decodeRegion(v) : null))
    .filter((r): r is LabelledRegion => r !== null)
    .sort((a, b) => a.startMs - b.startMs);
}
