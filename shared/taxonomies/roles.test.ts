import { describe, expect, it } from 'vitest';
import type { Taxonomy } from '../types/annotation';
import { BUILTIN_TAXONOMIES, builtinTaxonomy } from './index';
import { FIELD_ROLES, fieldForRole } from './roles';

const custom: Taxonomy = {
  format: 'earshot-taxonomy-v1',
  id: 'custom',
  name: 'Custom',
  verdicts: [{ value: 'fail', failure: true }],
  fields: [
    { key: 'error_source', label: 'Named like the column', kind: 'single', options: [{ value: 'agent' }] },
    { key: 'cause', label: 'Cause', kind: 'single', role: 'source', options: [{ value: 'agent' }] },
    { key: 'remarks', label: 'Remarks', kind: 'text', role: 'notes' },
  ],
};

describe('fieldForRole', () => {
  it('finds fields by role, never by key', () => {
    expect(fieldForRole(custom, 'source')?.key).toBe('cause');
    expect(fieldForRole(custom, 'notes')?.key).toBe('remarks');
    expect(fieldForRole(custom, 'subtype')).toBeNull();
    expect(fieldForRole(custom, 'severity')).toBeNull();
  });

  it('falls back to the panel’s notes field when no taxonomy field claims notes', () => {
    expect(fieldForRole(builtinTaxonomy('generic'), 'notes')).toEqual({ key: 'notes', label: 'Notes', kind: 'text' });
  });

  it('gives the built-in taxonomies their roles', () => {
    const keys = Object.fromEntries(
      Object.entries(BUILTIN_TAXONOMIES).map(([b, t]) => [b, FIELD_ROLES.map((r) => fieldForRole(t, r)?.key ?? null)]),
    );
    expect(keys).toEqual({
      'tau-voice': ['source', 'type', null, 'notes'],
      'tau-elicitation': ['error_source', 'error_subtype', 'severity', 'notes'],
      vera: [null, 'error_categories', null, 'notes'],
      'dsb-dg': [null, null, null, 'notes'],
      generic: ['source', null, 'severity', 'notes'],
    });
  });
});
