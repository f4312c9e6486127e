/** Time-left estimates for progress messages. */

/** ` · ETA m:ss` from the pace so far (elapsed / done × left), or '' before the first or after the last unit. */
export function eta(startedMs: number, done: number, total: number, nowMs = Date.now()): string {
  if (done === 0 || done >= total) return '';
  const sec = Math.round((((nowMs - startedMs) / done) * (total - done)) / 1000);
  return ` · ETA ${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
}
