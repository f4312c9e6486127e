/** HTTP Range parsing for audio: one byte range per request, as media elements ask for. */

/**
 * Most bytes sent for an open-ended range (`bytes=a-`). Media elements ask for `bytes=0-` and read as fast as the
 * connection allows: for an hour-long WAV that is tens of MB pushed through the page while it is still opening the
 * episode. A shorter 206 (its Content-Range says which bytes) makes the element ask again when it needs more.
 */
export const OPEN_RANGE_BYTES = 512 * 1024;

/** A satisfiable byte range, inclusive at both ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Result of reading a Range header against a file size: the whole file, a range, or unsatisfiable (416). */
export type RangeDecision = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/** Interprets a `Range` header (`bytes=a-b`, `bytes=a-`, `bytes=-n`) for a file of `size` bytes; `bytes=a-` gets at most OPEN_RANGE_BYTES. */
export function decideRange(header: string | null | undefined, size: number): RangeDecision {
  if (!header) return { kind: 'whole' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = Math.min(m[2] === '' ? start + OPEN_RANGE_BYTES - 1 : Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}

/** The content type for an asset's stored format. */
export function audioContentType(format: string): string {
  if (format.startsWith('wav')) return 'audio/wav';
  if (format.startsWith('mp3')) return 'audio/mpeg';
  if (format.startsWith('flac')) return 'audio/flac';
  if (format.startsWith('ogg') || format.startsWith('opus')) return 'audio/ogg';
  return 'application/octet-stream';
}
