/** HTTP Range parsing for audio: one byte range per request, as media elements ask for. */

/** A satisfiable byte range, inclusive at both ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Result of reading a Range header against a file size: the whole file, a range, or unsatisfiable (416). */
export type RangeDecision = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/** Interprets a `Range` header (`bytes=a-b`, `bytes=a-`, `bytes=-n`) for a file of `size` bytes. */
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
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
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
