/** Field roles: which taxonomy field plays the error source, subtype, severity or notes part in exports (no zod). */
import { SYSTEM_FIELDS, type Taxonomy, type TaxonomyField } from '../types/annotation';
import { fieldSpec } from './fields';

/** A part a taxonomy field can play in exports. */
export type FieldRole = NonNullable<TaxonomyField['role']>;

/** Every role a taxonomy field may claim (at most one field per role). */
export const FIELD_ROLES = ['source', 'subtype', 'severity', 'notes'] as const satisfies readonly FieldRole[];

/** The field playing `role`: the taxonomy field that claims it, else for notes the panel's notes field, else null. */
export function fieldForRole(taxonomy: Taxonomy, role: FieldRole): TaxonomyField | null {
  const own = taxonomy.fields.find((f) => f.role === role);
  if (own) return own;
  return role === 'notes' ? fieldSpec(taxonomy, SYSTEM_FIELDS.notes) : null;
}
