/** Label values as stored (JSON text in SQLite) and as compared for agreement (one string per rating). */
import type { LabelValue } from '../../shared/types/annotation';

/** The JSON text stored for a value; null (cleared) is stored as SQL NULL. */
export function encodeValue(value: LabelValue): string | null {
  return value === null ? null : JSON.stringify(value);
}

/** The value of a stored JSON text; SQL NULL is null. Values of other shapes (imported objects) are returned as text. */
export function decodeValue(text: string | null): LabelValue {
  if (text === null) return null;
  const parsed: unknown = JSON.parse(text);
  if (parsed === null || typeof parsed === 'string' || typeof parsed === 'number' || typeof parsed === 'boolean') return parsed;
  if (Array.isArray(parsed) && parsed.every((x) => typeof x === 'string')) return parsed as string[];
  return JSON.stringify(parsed);
}

/** Separator of a multi-label set written as one category (sorted members). */
export const SET_SEPARATOR = '+';

/**
 * One rating's category string: a choice as is, a number in decimal, yes/no for booleans, a set of choices as its
 * sorted members joined by "+" ("(none)" when empty); null stays missing.
 */
export function labelString(value: LabelValue): string | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : [...value].sort().join(SET_SEPARATOR);
  return value === '' ? null : value;
}

/** Whether two stored values are the same label. */
export function sameValue(a: LabelValue, b: LabelValue): boolean {
  return labelString(a) === labelString(b) && typeof a === typeof b;
}
