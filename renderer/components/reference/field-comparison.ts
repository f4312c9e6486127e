/**
 * τ-Elicitation's gold values against the values the agent submitted, field by field, and where two values differ.
 * Values with the same letters and digits are told apart from different ones: a phone number submitted without its
 * spaces is the same number (the benchmark passes such calls).
 */

/**
 * How a field fared: the same text, the same but for formatting, different, never submitted, or submitted without a
 * gold value.
 */
export type FieldStatus = 'match' | 'formatting' | 'differs' | 'missing' | 'extra';

/** One field of the comparison. */
export interface FieldComparison {
  field: string;
  gold: string | null;
  submitted: string | null;
  status: FieldStatus;
}

/** A value cut into the part equal to the other value's start, the part that differs, and the equal end. */
export interface DiffSpans {
  same: string;
  changed: string;
  tail: string;
}

/** A value's letters and digits (and `@`, `.`), lower-case and without accents: what is left when formatting goes. */
export function formatFold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9@.]+/g, '');
}

const valueText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v)));

function statusOf(gold: string | null, submitted: string | null): FieldStatus {
  if (gold === null) return 'extra';
  if (submitted === null) return 'missing';
  if (gold === submitted) return 'match';
  return formatFold(gold) === formatFold(submitted) ? 'formatting' : 'differs';
}

/**
 * Every gold field with what was submitted for it (in the gold's order), then submitted fields that have no gold.
 * `submitted` that is not an object counts as nothing submitted.
 */
export function compareFields(gold: Record<string, unknown>, submitted: unknown): FieldComparison[] {
  const sent =
    typeof submitted === 'object' && submitted !== null && !Array.isArray(submitted)
      ? (submitted as Record<string, unknown>)
      : {};
  const row = (field: string): FieldComparison => {
    const g = field in gold && gold[field] !== null ? valueText(gold[field]) : null;
    const s = field in sent && sent[field] !== null ? valueText(sent[field]) : null;
    return { field, gold: g, submitted: s, status: statusOf(g, s) };
  };
  const extra = Object.keys(sent).filter((k) => !(k in gold));
  return [...Object.keys(gold), ...extra].map(row);
}

/** Cuts `value` where it stops agreeing with `other`: the common start, the differing middle, the common end. */
export function diffSpans(value: string, other: string): DiffSpans {
  const a = Array.from(value);
  const b = Array.from(other);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return {
    same: a.slice(0, start).join(''),
    changed: a.slice(start, a.length - end).join(''),
    tail: a.slice(a.length - end).join(''),
  };
}
