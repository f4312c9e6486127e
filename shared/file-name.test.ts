import { describe, expect, it } from 'vitest';
import { fileNamePart } from './file-name';

describe('file names from names', () => {
  it('keeps letters of every script, in lower case', () => {
    expect(fileNamePart('τ-Voice sample')).toBe('τ-voice-sample');
    expect(fileNamePart('Ελληνικά · café')).toBe('ελληνικά-·-café');
    expect(fileNamePart('VERA 日本語')).toBe('vera-日本語');
    // Composed the same way whatever the input: é typed as e + combining accent is one letter.
    expect(fileNamePart('Cafe\u0301')).toBe('café');
  });

  it('replaces only what file systems refuse, and whitespace, by one dash', () => {
    expect(fileNamePart('a/b\\c:d*e?f"g<h>i|j')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(fileNamePart('run (2), v1.5')).toBe('run-(2),-v1.5');
    expect(fileNamePart('  tabs\tand\nlines  ')).toBe('tabs-and-lines');
    expect(fileNamePart('..hidden.')).toBe('hidden');
  });

  it('avoids device names, long names and empty ones', () => {
    expect(fileNamePart('CON')).toBe('con_');
    expect([...fileNamePart('τ'.repeat(200))]).toHaveLength(80);
    expect(fileNamePart('///')).toBe('');
  });
});
