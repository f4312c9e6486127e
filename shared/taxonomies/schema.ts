/** The taxonomy file format (`earshot-taxonomy-v1`): zod schema, cross-field checks, and value validation. */
import { z } from 'zod';
import { SYSTEM_FIELDS, VERDICT_FIELD, type LabelValue, type Taxonomy, type TaxonomyField } from '../types/annotation';

const token = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/, 'use letters, digits and _ . : - only');
const key = z.string().min(1).max(48).regex(/^[a-z][a-z0-9_]*$/, 'use lower-case letters, digits and _, starting with a letter');
const text = (max: number) => z.string().max(max);

const option = z.object({ value: token, label: text(120).optional(), group: text(80).optional(), description: text(500).optional() }).strict();

const field = z
  .object({
    key,
    label: text(120).min(1),
    kind: z.enum(['single', 'multi', 'boolean', 'number', 'text']),
    options: z.array(option).min(1).max(200).optional(),
    level: z.enum(['nominal', 'ordinal', 'interval']).optional(),
    when: z.object({ field: key, in: z.array(token).min(1) }).strict().optional(),
    description: text(1000).optional(),
  })
  .strict();

/** Field keys a taxonomy may not use: the panel's own fields and the derived verdict. */
export const RESERVED_KEYS: readonly string[] = [...Object.values(SYSTEM_FIELDS), VERDICT_FIELD];

/** The schema of a taxonomy file, with the checks that span fields. */
export const taxonomySchema = z
  .object({
    format: z.literal('earshot-taxonomy-v1'),
    id: token,
    name: text(120).min(1),
    version: text(40).optional(),
    description: text(2000).optional(),
    source: text(2000).optional(),
    note: text(2000).optional(),
    verdicts: z.array(z.object({ value: token, label: text(120).optional(), failure: z.boolean() }).strict()).min(1).max(50),
    fields: z.array(field).min(1).max(50),
  })
  .strict()
  .superRefine((t, ctx) => {
    const seen = new Map<string, TaxonomyField>();
    t.fields.forEach((f, i) => {
      const at = ['fields', i];
      const issue = (message: string, path: (string | number)[] = []) => ctx.addIssue({ code: 'custom', path: [...at, ...path], message });
      if (RESERVED_KEYS.includes(f.key)) issue(`"${f.key}" is reserved for the labelling panel`, ['key']);
      if (seen.has(f.key)) issue(`"${f.key}" is used by two fields`, ['key']);
      const choice = f.kind === 'single' || f.kind === 'multi';
      if (choice && !f.options) issue(`a ${f.kind} field needs options`, ['options']);
      if (!choice && f.options) issue(`a ${f.kind} field takes no options`, ['options']);
      if (f.options) {
        const values = f.options.map((o) => o.value);
        const dup = values.find((v, j) => values.indexOf(v) !== j);
        if (dup) issue(`option "${dup}" appears twice`, ['options']);
      }
      if (f.level && f.level !== 'nominal' && f.kind !== 'single' && f.kind !== 'number') issue(`level ${f.level} needs a single-choice or number field`, ['level']);
      if (f.level === 'interval' && f.kind === 'single' && f.options!.some((o) => !Number.isFinite(Number(o.value)))) {
        issue('interval level needs numeric option values', ['level']);
      }
      if (f.when) {
        const parent = seen.get(f.when.field);
        if (!parent || parent.kind !== 'single') issue(`"when" must name an earlier single-choice field, not "${f.when.field}"`, ['when', 'field']);
        else {
          const bad = f.when.in.find((v) => !parent.options!.some((o) => o.value === v));
          if (bad) issue(`"${bad}" is not an option of "${parent.key}"`, ['when', 'in']);
        }
      }
      seen.set(f.key, f as TaxonomyField);
    });
    const verdicts = t.verdicts.map((v) => v.value);
    const dup = verdicts.find((v, j) => verdicts.indexOf(v) !== j);
    if (dup) ctx.addIssue({ code: 'custom', path: ['verdicts'], message: `verdict "${dup}" appears twice` });
  });

/** Parses and checks a taxonomy; throws an Error naming the first problem (path: message). */
export function parseTaxonomy(input: unknown, where = 'taxonomy'): Taxonomy {
  const parsed = taxonomySchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${where}: ${issue.path.length ? issue.path.join('.') : 'file'}: ${issue.message}`);
  }
  return parsed.data as Taxonomy;
}

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
    default:
      return null;
  }
}

/** Checks a value against a field; returns an error message, or null when the value is acceptable (null always is). */
export function checkValue(spec: TaxonomyField, value: LabelValue): string | null {
  if (value === null) return null;
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
