import { describe, expect, it } from 'vitest';
import { DomainError, forbidden, notFound } from '../domain/errors';
import { ImportError } from '../importers/batch';
import { UsageError } from './args';
import { EXIT, exitCodeOf } from './exit-codes';

describe('exitCodeOf', () => {
  it('maps a usage error to 2, refused requests to 3, unavailable to 4 and anything else to 1', () => {
    expect(exitCodeOf(new UsageError('--colour'))).toBe(2);
    expect(exitCodeOf(new DomainError('invalid_input', 'bad'))).toBe(3);
    expect(exitCodeOf(notFound('study 9'))).toBe(3);
    expect(exitCodeOf(new DomainError('conflict', 'taken'))).toBe(3);
    expect(exitCodeOf(forbidden('blind'))).toBe(3);
    expect(exitCodeOf(new DomainError('unavailable', 'no keychain'))).toBe(4);
    expect(exitCodeOf(new Error('disk full'))).toBe(1);
    expect(exitCodeOf('thrown text')).toBe(1);
    expect(EXIT.ok).toBe(0);
  });

  it('treats a fault in imported data as invalid input', () => {
    const err = new ImportError('runs.jsonl', 'line 2', 'trial', 'expected a number');
    expect(err).toBeInstanceOf(DomainError);
    expect(err.code).toBe('invalid_input');
    expect(err.message).toBe('runs.jsonl: line 2: trial: expected a number');
    expect(exitCodeOf(err)).toBe(3);
  });
});
