import { describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { backoffMs, classify, HttpStatusError, retryAfterMs, TransientError, withRetry } from './retry';

describe('retry policy', () => {
  it('reads retry-after-ms, retry-after seconds and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs({ 'retry-after': '2' })).toBe(2000);
    expect(retryAfterMs({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, Date.parse('2026-01-01T00:00:00Z'))).toBe(5000);
    expect(retryAfterMs({})).toBeNull();
  });

  it('retries 408/409/429/5xx, connection failures and dropped sockets only', () => {
    const api = (status: number) => OpenAI.APIError.generate(status, { error: { message: 'x' } }, 'x', new Headers({ 'retry-after-ms': '7' }));
    expect([429, 500, 503, 408].map((s) => classify(api(s)))).toEqual(Array(4).fill({ retry: true, afterMs: 7 }));
    expect([400, 401, 404].map((s) => classify(api(s)).retry)).toEqual([false, false, false]);
    expect(classify(new OpenAI.APIConnectionError({ message: 'down' })).retry).toBe(true);
    expect(classify(new HttpStatusError('h', 502)).retry).toBe(true);
    expect(classify(new TransientError('dropped')).retry).toBe(true);
    expect(classify(new Error('bug')).retry).toBe(false);
  });

  it('backs off exponentially with ±25 % jitter, capped', () => {
    const p = { retries: 5, baseMs: 100, maxMs: 1000 };
    expect([0, 1, 2, 3, 4].map((a) => backoffMs(p, a, () => 0.5))).toEqual([100, 200, 400, 800, 1000]);
    expect(backoffMs(p, 0, () => 0)).toBe(75);
    expect(backoffMs(p, 0, () => 1)).toBe(125);
  });

  it('stops at the first permanent failure and after the last retry', async () => {
    let calls = 0;
    await expect(withRetry('x', async () => { calls++; throw new Error('permanent'); }, { retries: 3, baseMs: 1, maxMs: 1 })).rejects.toThrow('permanent');
    expect(calls).toBe(1);
    calls = 0;
    await expect(withRetry('x', async () => { calls++; throw new TransientError('again'); }, { retries: 2, baseMs: 1, maxMs: 1 })).rejects.toThrow('again');
    expect(calls).toBe(3);
  });
});
