/** The taxonomy file format (`earshot-taxonomy-v1`): zod schema, cross-field checks, and value validation. */
import { z } from 'zod';
import type { Taxonomy, TaxonomyField } from '../types/annotation';
import { RESERVED_KEYS } from './fields';
import { FIELD_ROLES, type FieldRole } from './roles';

/** Re-exported for callers that validate files and values together. */
export { RESERVED_KEYS, checkValue, fieldSpec } from './fields';

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
    role: z.enum(FIELD_ROLES).optional(),
  })
  .strict();

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
    const claimed = new Map<FieldRole, string>();
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
      if (f.role) {
        const other = claimed.get(f.role);
        if (other) issue(`role "${f.role}" is claimed by both "${other}" and "${f.key}"`, ['role']);
        else claimed.set(f.role, f.key);
        if (f.role === 'severity' && f.kind !== 'single' && f.kind !== 'number') {
          issue(`"${f.key}" cannot play role severity: it needs a single or number field, not ${f.kind}`, ['role']);
        }
        if (f.role === 'notes' && f.kind !== 'text') {
          issue(`"${f.key}" cannot play role notes: it needs a text field, not ${f.kind}`, ['role']);
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
