/** A concurrency limit: runs tasks with at most `limit` in flight, stopping early when the signal aborts. */

/** Runs `task` for every item with at most `limit` at once; resolves when all have settled. */
export async function runPool<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
