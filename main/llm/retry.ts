/** Retries with exponential backoff and jitter for transient failures (429, 5xx, dropped connections), honouring retry-after. */
import OpenAI from 'openai';

/** How often and how patiently to retry. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  baseMs: number;
  maxMs: number;
}

/** A failure with an HTTP status and headers that did not come from the openai client (e.g. a WebSocket handshake). */
export class HttpStatusError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly headers: Record<string, string | string[] | undefined> = {},
  ) {
    super(message);
  }
}

/** A failure that is worth another attempt, such as a dropped socket. */
export class TransientError extends Error {}

/** What a failure means for retrying. */
export interface RetryVerdict {
  retry: boolean;
  /** Delay the server asked for, ms, when it said. */
  afterMs: number | null;
}

function header(headers: unknown, name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const v = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

/** The delay in a `retry-after-ms` or `retry-after` (seconds or HTTP date) header, ms. */
export function retryAfterMs(headers: unknown, now = Date.now()): number | null {
  const ms = header(headers, 'retry-after-ms');
  if (ms !== null && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = header(headers, 'retry-after');
  if (after === null) return null;
  if (/^\s*\d+(\.\d+)?\s*$/.test(after)) return Math.max(0, Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const retryableStatus = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

/** Classifies a failure: transient ones are retried, others fail at once. */
export function classify(err: unknown): RetryVerdict {
  if (err instanceof OpenAI.APIUserAbortError) return { retry: false, afterMs: null };
  if (err instanceof OpenAI.APIConnectionError) return { retry: true, afterMs: null };
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') return { retry: retryableStatus(err.status), afterMs: retryAfterMs(err.headers) };
  if (err instanceof HttpStatusError) return { retry: retryableStatus(err.status), afterMs: retryAfterMs(err.headers) };
  if (err instanceof TransientError) return { retry: true, afterMs: null };
  return { retry: false, afterMs: null };
}

/** The backoff before retry number `attempt` (0-based): base × 2^attempt with ±25 % jitter, capped. */
export function backoffMs(policy: RetryPolicy, attempt: number, random = Math.random): number {
  const raw = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  return Math.round(raw * (0.75 + random() * 0.5));
}

/** Resolves after `ms`, or rejects when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason ?? new Error('aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A retry about to happen, for logs and warnings. */
export interface RetryNotice {
  what: string;
  attempt: number;
  delayMs: number;
  error: string;
}

/** Runs `fn` until it succeeds, a failure is not transient, or the retries are spent. */
export async function withRetry<T>(
  what: string,
  fn: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
  onRetry?: (notice: RetryNotice) => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    try {
      return await fn(attempt);
    } catch (err) {
      if (signal?.aborted) throw signal.reason ?? err;
      const verdict = classify(err);
      if (!verdict.retry || attempt >= policy.retries) throw err;
      const delayMs = Math.min(policy.maxMs, verdict.afterMs ?? backoffMs(policy, attempt));
      onRetry?.({ what, attempt: attempt + 1, delayMs, error: (err as Error).message });
      await sleep(delayMs, signal);
    }
  }
}
