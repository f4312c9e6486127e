import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listedCategories, loadTemplate, parseTemplate, render, TemplateError } from './templates';
import { majority, majoritySet } from './vote';
import { median } from '../stats/median';
import { eta } from '../llm/eta';
import { VERA_ERROR_CATEGORIES } from '../../shared/taxonomies/vera';
import { redact, lookupKey } from '../llm/keys';

describe('prompt templates', () => {
  it('loads every built-in template; the classifier offers exactly the VERA taxonomy’s 16 labels (15 in 4 groups, plus OTHER)', () => {
    for (const name of ['vera/grader', 'vera/failure-classifier', 'dsb-dg/grounding', 'generic/verdict']) expect(loadTemplate(name).system.length).toBeGreaterThan(20);
    const cats = listedCategories(loadTemplate('vera/failure-classifier'));
    expect(cats).toHaveLength(16);
    expect(cats.map((c) => c.code)).toEqual(VERA_ERROR_CATEGORIES.map((c) => c.value));
    expect(cats.at(-1)).toEqual({ code: 'OTHER', group: null });
    expect(new Set(cats.slice(0, 15).map((c) => c.group))).toEqual(new Set(['Knowledge errors', 'Reasoning errors', 'Output errors', 'Understanding errors']));
  });

  it('renders placeholders and refuses unknown ones and malformed files', () => {
    expect(render('Q: {{question}} / {{ answer }}', { question: 'a', answer: 'b' })).toBe('Q: a / b');
    expect(() => render('{{nope}}', {})).toThrow(TemplateError);
    expect(() => parseTemplate('no front matter', 'f.md')).toThrow(/no front matter/);
    expect(() => parseTemplate('---\nid: x\nparse: json\n---\n# user\nonly', 'f.md')).toThrow(/"# system" section/);
    const dir = mkdtempSync(join(tmpdir(), 'earshot-template-'));
    writeFileSync(join(dir, 'latin1.md'), Buffer.from('---\nid: x\n---\n# system\nr\xe9ponse\n', 'latin1'));
    expect(() => loadTemplate('latin1', dir)).toThrow(/latin1\.md: line 5: \(text\): invalid UTF-8 at byte 24/);
  });
});

describe('votes, medians, ETA, redaction', () => {
  it('takes the majority; ties go by the given order', () => {
    expect(majority(['B', 'A', 'A'])).toEqual({ winner: 'A', share: 2 / 3, counts: { B: 1, A: 2 } });
    expect(majority(['CORRECT', 'INCORRECT'], ['INCORRECT', 'CORRECT']).winner).toBe('INCORRECT');
    expect(majoritySet([['X', 'Y'], ['X'], ['Z']], ['Z', 'Y', 'X'])).toEqual(['X']);
    expect(majoritySet([['Y'], ['X'], ['Z']], ['Z', 'Y', 'X'])).toEqual(['Z']);
  });

  it('medians and ETAs', () => {
    expect([median([]), median([3]), median([5, 1, 3]), median([4, 1, 3, 2])]).toEqual([null, 3, 3, 2.5]);
    expect(eta(0, 2, 6, 10_000)).toBe(' · ETA 0:20');
    expect(eta(0, 0, 6, 10_000)).toBe('');
    expect(eta(0, 1, 100, 2000)).toBe(' · ETA 3:18');
  });

  it('redacts keys it has read, and anything shaped like an OpenAI key', () => {
    expect(lookupKey('EARSHOT_TEST_KEY', { EARSHOT_TEST_KEY: 'local-key-abcdefgh' })).toBe('local-key-abcdefgh');
    expect(redact('auth local-key-abcdefgh failed; sk-proj-ABCDEFGHIJKLMNOP')).toBe('auth [redacted] failed; sk-proj…[redacted]');
  });
});
