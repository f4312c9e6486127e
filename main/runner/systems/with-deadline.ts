/** A session's wait for one server event: the first of the event, a deadline (a transient failure) or the abort. */
import { TransientError } from '../../llm/retry';

/** `promise`, unless `ms` pass first (rejects with a TransientError saying `message`) or `signal` aborts. */
export async function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  signal: AbortSignal,
  message: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TransientError(message)), ms);
  });
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, timeout, aborted]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
