import { describe, expect, it } from 'vitest';
import { BUILTIN_TAXONOMIES, builtinTaxonomy } from './index';
import { checkValue, fieldSpec, parseTaxonomy } from './schema';
import { VERA_ERROR_CATEGORIES } from './vera';

const minimal = { format: 'earshot-taxonomy-v1', id: 'mine', name: 'Mine', verdicts: [{ value: 'pass', failure: false }], fields: [{ key: 'source', label: 'Source', kind: 'single', options: [{ value: 'agent' }, { value: 'user' }] }] };

describe('taxonomies', () => {
  it('every built-in taxonomy passes its own schema', () => {
    for (const t of Object.values(BUILTIN_TAXONOMIES)) expect(parseTaxonomy(t)).toEqual(t);
    expect(builtinTaxonomy('vera').id).toBe('vera');
  });

  it('VERA: 15 error categories in 4 groups plus OTHER (16 labels), as in the paper’s Appendix F.5', () => {
    const groups = new Map<string, string[]>();
    for (const o of VERA_ERROR_CATEGORIES) groups.set(o.group!, [...(groups.get(o.group!) ?? []), o.value]);
    expect([...groups.keys()]).toEqual(['Knowledge errors', 'Reasoning errors', 'Output errors', 'Understanding errors', 'Meta']);
    expect([...groups.values()].map((v) => v.length)).toEqual([4, 5, 4, 2, 1]);
    expect(VERA_ERROR_CATEGORIES).toHaveLength(16);
    expect(groups.get('Meta')).toEqual(['OTHER']);
    expect(builtinTaxonomy('vera').verdicts.map((v) => v.value)).toEqual(['CORRECT', 'INCORRECT', 'NOT_ATTEMPTED']);
  });

  it('τ-Voice and τ-Elicitation carry the issue’s sources and types', () => {
    const voice = builtinTaxonomy('tau-voice');
    expect(voice.fields.map((f) => [f.key, f.options?.map((o) => o.value)])).toEqual([
      ['source', ['agent', 'user', 'system']],
      ['type', ['transcription', 'vad', 'logical', 'hallucination', 'unresponsive', 'early_termination']],
    ]);
    const elicit = builtinTaxonomy('tau-elicitation');
    expect(fieldSpec(elicit, 'error_subtype')!.options!.map((o) => o.value)).toEqual(['transcription_error', 'logical_error', 'hallucination', 'vad']);
  });

  it('accepts a minimal study taxonomy and names the first problem of a bad one', () => {
    expect(parseTaxonomy(minimal).fields).toHaveLength(1);
    expect(() => parseTaxonomy({ ...minimal, format: 'v0' })).toThrow(/format/);
    expect(() => parseTaxonomy({ ...minimal, fields: [{ key: 'notes', label: 'N', kind: 'text' }] })).toThrow(/fields\.0\.key: "notes" is reserved/);
    expect(() => parseTaxonomy({ ...minimal, fields: [{ key: 'x', label: 'X', kind: 'single' }] })).toThrow(/needs options/);
    expect(() => parseTaxonomy({ ...minimal, fields: [minimal.fields[0], { key: 'y', label: 'Y', kind: 'boolean', when: { field: 'source', in: ['alien'] } }] })).toThrow(/"alien" is not an option of "source"/);
    expect(() => parseTaxonomy({ ...minimal, fields: [minimal.fields[0], minimal.fields[0]] })).toThrow(/used by two fields/);
    expect(() => parseTaxonomy({ ...minimal, extra: 1 })).toThrow(/Unrecognized key/);
  });

  it('accepts roles, at most one field per role, severity on single/number and notes on text fields only', () => {
    const cause = { ...minimal.fields[0], key: 'cause', role: 'source' };
    const remarks = { key: 'remarks', label: 'Remarks', kind: 'text', role: 'notes' };
    const score = { key: 'score', label: 'Score', kind: 'number', role: 'severity' };
    const roles = parseTaxonomy({ ...minimal, fields: [cause, remarks, score] }).fields.map((f) => f.role);
    expect(roles).toEqual(['source', 'notes', 'severity']);
    const twice = { ...minimal, fields: [{ ...minimal.fields[0], role: 'source' }, cause] };
    const claimedTwice = /fields\.1\.role: role "source" is claimed by both "source" and "cause"$/;
    expect(() => parseTaxonomy(twice)).toThrow(claimedTwice);
    const notesTwice = { ...minimal, fields: [remarks, { ...remarks, key: 'more' }] };
    expect(() => parseTaxonomy(notesTwice)).toThrow(/role "notes" is claimed by both "remarks" and "more"/);
    const textSeverity = { ...minimal, fields: [{ ...remarks, role: 'severity' }] };
    const textRefused = /fields\.0\.role: "remarks" cannot play role severity: .*not text$/;
    expect(() => parseTaxonomy(textSeverity)).toThrow(textRefused);
    const multiSeverity = { ...minimal, fields: [{ ...cause, kind: 'multi', role: 'severity' }] };
    expect(() => parseTaxonomy(multiSeverity)).toThrow(/"cause" cannot play role severity/);
    const singleNotes = { ...minimal, fields: [{ ...cause, role: 'notes' }] };
    expect(() => parseTaxonomy(singleNotes)).toThrow(/"cause" cannot play role notes: .*text field, not single/);
    expect(() => parseTaxonomy({ ...minimal, fields: [{ ...cause, role: 'cause' }] })).toThrow(/fields\.0\.role/);
  });

  it('checks values by kind, and knows the panel’s own fields', () => {
    const t = parseTaxonomy(minimal);
    expect(checkValue(fieldSpec(t, 'source')!, 'agent')).toBeNull();
    expect(checkValue(fieldSpec(t, 'source')!, ['agent'])).toMatch(/one choice/);
    expect(checkValue(fieldSpec(t, 'judge_agree')!, true)).toBeNull();
    expect(checkValue(fieldSpec(t, 'first_error_ms')!, 41800)).toBeNull();
    expect(checkValue(fieldSpec(t, 'notes')!, 'free text')).toBeNull();
    expect(fieldSpec(t, 'nope')).toBeNull();
  });
});
