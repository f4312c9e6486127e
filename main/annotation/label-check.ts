/**
 * The one check of a label against a study's taxonomy: what labels.set refuses, and how labels that arrive with data
 * (imports, exchange bundles) are held to the same rule.
 */
import { checkValue, fieldSpec } from '../../shared/taxonomies/fields';
import { VERDICT_FIELD, type LabelValue, type Taxonomy, type TaxonomyField } from '../../shared/types/annotation';

/** Longest problem stated: a refused value is quoted in it, and a value may be megabytes long. */
const MAX_PROBLEM_CHARS = 300;

/** Why `value` may not be set in `field` under `taxonomy` (labels.set's message); null when it may. */
export function labelProblem(taxonomy: Taxonomy, field: string, value: LabelValue): string | null {
  const spec = fieldSpec(taxonomy, field);
  if (!spec) return `"${field}" is not a field of the taxonomy "${taxonomy.name}"`;
  const problem = checkValue(spec, value);
  return problem ? `${field}: ${problem}` : null;
}

/** Whether `value` has a label's shape: a choice or text, a list of choices, yes/no, a finite number, or null. */
function isLabelValue(value: unknown): value is LabelValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** A number standing for the single choice written the same way (validation.csv's severity 2 for option "2"). */
function asChoice(spec: TaxonomyField, value: LabelValue): LabelValue {
  const written = typeof value === 'number' ? String(value) : null;
  return spec.kind === 'single' && spec.options?.some((o) => o.value === written) ? written : value;
}

const cut = (text: string) => (text.length > MAX_PROBLEM_CHARS ? `${text.slice(0, MAX_PROBLEM_CHARS - 1)}…` : text);

/** What the check of a label that arrived with data found: nothing wrong, a value to refuse, or a field unknown. */
export type ArrivedLabelCheck = { ok: true } | { ok: false; problem: string } | { ok: 'unknown field' };

/**
 * Checks a label that arrives with data against `taxonomy`. A field the taxonomy (or the labelling panel) defines takes
 * only what labels.set would take, except that a number may stand for the single choice written the same way; the
 * human verdict (`verdict`) takes one choice as text, like the corrected judge label. A field the taxonomy does not
 * define is not refused here: the caller decides (the metrics read source and subtype fields by name).
 */
export function checkArrivedLabel(taxonomy: Taxonomy, field: string, value: unknown): ArrivedLabelCheck {
  if (field === VERDICT_FIELD) {
    return value === null || (typeof value === 'string' && value !== '')
      ? { ok: true }
      : { ok: false, problem: `${field}: expects one choice` };
  }
  const spec = fieldSpec(taxonomy, field);
  if (!spec) return { ok: 'unknown field' };
  if (!isLabelValue(value)) {
    const what = Array.isArray(value) ? 'a list holding more than choices' : typeof value;
    return {
      ok: false,
      problem: `${field}: expects a choice, a list of choices, yes/no, a number or text, not ${what}`,
    };
  }
  const problem = labelProblem(taxonomy, field, asChoice(spec, value));
  return problem ? { ok: false, problem: `${cut(problem)} (taxonomy "${taxonomy.name}")` } : { ok: true };
}
