import { describe, expect, it } from 'vitest';
import { isMethodName, validateCall } from './contract';

describe('validateCall', () => {
  it('accepts a known method with valid input and returns the parsed input', () => {
    expect(validateCall('episodes.get', { episodeId: 3 })).toEqual({ ok: true, result: { method: 'episodes.get', input: { episodeId: 3 } } });
  });

  it('treats a missing input as an empty object', () => {
    expect(validateCall('studies.list', undefined).ok).toBe(true);
  });

  it('rejects an unknown method with its name', () => {
    expect(validateCall('db.dropEverything', {})).toEqual({ ok: false, error: { code: 'unknown_method', message: 'Unknown method: db.dropEverything' } });
    expect(isMethodName('__proto__')).toBe(false);
    expect(isMethodName('toString')).toBe(false);
  });

  it('rejects input that fails the schema, naming the method and the field', () => {
    const res = validateCall('episodes.get', { episodeId: -1 });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe('invalid_input');
      expect(res.error.message).toMatch(/^episodes\.get: episodeId: /);
    }
  });

  it('rejects unexpected keys (strict inputs)', () => {
    const res = validateCall('episodes.get', { episodeId: 1, sql: 'drop' });
    expect(res.ok).toBe(false);
  });
});
