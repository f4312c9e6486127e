/** Taxonomy fields without zod (safe for the renderer bundle): the panel's own fields, and value checks by kind. */
import { regionsProblem } from '../types/regions';
import { SYSTEM_FIELDS, VERDICT_FIELD, type LabelValue, type Taxonomy, type TaxonomyField } from '../types/annotation';

/** Field keys a taxonomy may not use: the panel's own fields and the derived verdict. */
export const RESERVED_KEYS: readonly string[] = [...Object.values(SYSTEM_FIELDS), VERDICT_FIELD];

/** The taxonomy's field with this key, or the panel's system field of that key; null when unknown. */
export function fieldSpec(taxonomy: Taxonomy, key: string): TaxonomyField | null {
  const own = taxonomy.fields.find((f) => f.key === key);
  if (own) return own;
  switch (key) {
    case SYSTEM_FIELDS.judgeAgree:
      return { key, label: 'Agree with the judge?', kind: 'boolean' };
    case SYSTEM_FIELDS.judgeLabel:
      return { key, label: 'Corrected label', kind: 'single', options: taxonomy.verdicts.map((v) => ({ value: v.value, label: v.label })) };
    case SYSTEM_FIELDS.firstErrorMs:
      return { key, label: 'First critical error', kind: 'number', level: 'interval' };
    case SYSTEM_FIELDS.notes:
      return { key, label: 'Notes', kind: 'text' };
    case SYSTEM_FIELDS.regions:
      return { key, label: 'Labelled regions', kind: 'multi' };
    default:
      return null;
  }
}

/** Checks a value against a field; returns an error message, or null when the value is acceptable (null always is). */
export function checkValue(spec: TaxonomyField, value: LabelValue): string | null {
  if (value === null) return null;
  if (spec.key === SYSTEM_FIELDS.regions) return regionsProblem(value);
  const options = spec.options?.map((o) => o.value) ?? [];
  switch (spec.kind) {
    case 'single':
      // The corrected judge label may be any label the judge itself used, so only its shape is checked.
      if (typeof value !== 'string') return 'expects one choice';
      return spec.key === SYSTEM_FIELDS.judgeLabel || options.includes(value) ? null : `"${value}" is not an option`;
    case 'multi':
      if (!Array.isArray(value)) return 'expects a list of choices';
      if (new Set(value).size !== value.length) return 'lists a choice twice';
      return value.find((v) => !options.includes(v)) ? `"${value.find((v) => !options.includes(v))}" is not an option` : null;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'expects yes or no';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? null : 'expects a number ≥ 0';
    case 'text':
      return typeof value === 'string' && value.length <= 20_000 ? null : 'expects text (at most 20,000 characters)';
  }
}
