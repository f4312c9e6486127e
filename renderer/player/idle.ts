/** Work for when the page has nothing better to do. */

/** Runs `fn` when the page is next idle, at the latest after `timeoutMs` (a timer where there is no requestIdleCallback); returns the cancel function. */
export function whenIdle(fn: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => fn(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, Math.min(timeoutMs, 50));
  return () => clearTimeout(id);
}
