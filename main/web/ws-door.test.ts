import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { methods } from '../../shared/contract';
import { MAX_CALL_BYTES, refusedFrame, WS_MAX_PAYLOAD } from './ws-door';

type JsonSchema = { [key: string]: unknown };

/** Most bytes JSON spends on one UTF-16 unit of a string: `\u0001` or a lone surrogate is written as 6. */
const BYTES_PER_UNIT = 6;

/**
 * An upper bound of the bytes of any JSON value `s` accepts, Infinity where it sets no bound (a string without
 * maxLength, an array without maxItems, a record, anything not recognised).
 */
function largest(s: JsonSchema | boolean, defs: Record<string, JsonSchema>): number {
  if (typeof s === 'boolean') return s ? Infinity : 0;
  if (typeof s.$ref === 'string') return largest(defs[s.$ref.replace('#/$defs/', '')] ?? true, defs);
  const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (union) return Math.max(...union.map((x) => largest(x, defs)));
  if (Array.isArray(s.enum)) return Math.max(...s.enum.map((e) => JSON.stringify(e).length * BYTES_PER_UNIT));
  if (s.const !== undefined) return JSON.stringify(s.const).length * BYTES_PER_UNIT;
  switch (s.type) {
    case 'string':
      return typeof s.maxLength === 'number' ? 2 + s.maxLength * BYTES_PER_UNIT : Infinity;
    case 'number':
    case 'integer':
      return 24;
    case 'boolean':
    case 'null':
      return 5;
    case 'array': {
      const prefix = ((s.prefixItems ?? []) as JsonSchema[]).reduce((n, x) => n + 1 + largest(x, defs), 2);
      if (s.items === false) return prefix;
      if (typeof s.maxItems !== 'number') return Infinity;
      return prefix + s.maxItems * (1 + largest((s.items ?? true) as JsonSchema, defs));
    }
    case 'object': {
      if (s.additionalProperties !== false) return Infinity;
      const props = Object.entries((s.properties ?? {}) as Record<string, JsonSchema>);
      return props.reduce((n, [k, v]) => n + JSON.stringify(k).length + 2 + largest(v, defs), 2);
    }
    default:
      return Infinity;
  }
}

function largestInput(name: string, schema: z.ZodType): number {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const bound = largest(json, (json.$defs ?? {}) as Record<string, JsonSchema>);
  // the frame around the input: {"id":N,"method":"name","input":...}
  return bound + 64 + name.length;
}

describe('the WebSocket door limits', () => {
  it('reads every call whose schema bounds its input, with the most expensive characters, under the call limit', () => {
    const bounds = Object.entries(methods).map(([name, m]) => [name, largestInput(name, m.input)] as const);
    const bounded = bounds.filter(([, n]) => Number.isFinite(n));
    const importBound = bounds.find(([name]) => name === 'annotations.import')![1];
    // the largest bounded input (an annotation tool's file), and more than the socket's former 1 MiB limit
    expect(importBound).toBe(Math.max(...bounded.map(([, n]) => n)));
    expect(importBound).toBeGreaterThan(1 << 20);
    expect(bounds.find(([name]) => name === 'exchange.import')![1]).toBeGreaterThan(1 << 20);
    expect(bounded.filter(([, n]) => n > MAX_CALL_BYTES)).toEqual([]);
    expect(MAX_CALL_BYTES).toBeLessThan(WS_MAX_PAYLOAD);
  });

  it('answers a binary frame and one over the limit with bad_frame, under the id the frame starts with', () => {
    expect(refusedFrame(Buffer.from('{}'), true)).toMatchObject({ id: null, error: { code: 'bad_frame' } });
    expect(refusedFrame(Buffer.alloc(MAX_CALL_BYTES, 'x'), false)).toBeNull();
    const big = Buffer.from(`{ "id" : 42, "method": "x", "input": "${'y'.repeat(MAX_CALL_BYTES)}" }`);
    expect(refusedFrame(big, false)).toEqual({
      id: 42,
      ok: false,
      error: {
        code: 'bad_frame',
        message: `call frames are limited to 8 MiB (8388608 bytes); this one has ${big.byteLength} bytes`,
      },
    });
    const idLater = Buffer.from(`{"method":"x","id":3,"pad":"${'y'.repeat(MAX_CALL_BYTES)}"}`);
    expect(refusedFrame(idLater, false)?.id).toBeNull();
  });
});
