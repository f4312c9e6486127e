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

  it('bounds what a schema of free shape would let through, naming the field', () => {
    const refused = (method: string, input: unknown) => {
      const res = validateCall(method, input);
      return res.ok ? 'accepted' : res.error.message;
    };
    const deep = JSON.parse(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`) as unknown;
    const run = { set: 'set.jsonl', judge: null };
    expect(refused('runs.start', { ...run, system: { kind: 'openai-realtime', model: 'm' } })).toBe('accepted');
    expect(refused('runs.start', { ...run, system: { kind: 'openai-realtime', nested: deep } })).toMatch(
      /^runs\.start: system: an inline config nests at most 16 deep/,
    );
    expect(refused('runs.start', { ...run, system: { prompt: 'x'.repeat(1_100_000) } })).toMatch(/holds at most 1 MiB/);
    expect(refused('annotation.setTaxonomy', { studyId: 1, taxonomy: deep })).toMatch(/^annotation\.setTaxonomy: /);
    expect(refused('annotation.setTaxonomy', { studyId: 1, taxonomy: null })).toBe('accepted');
    const query = { studyId: 1 };
    expect(refused('episodes.query', { ...query, system: ['x'.repeat(501)] })).toMatch(/^episodes\.query: system\.0: /);
    const keys = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, ['v']]));
    expect(refused('episodes.query', { ...query, condition: keys })).toMatch(/condition: at most 50 condition keys/);
  });
});
