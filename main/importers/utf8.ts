/** Text of imported files: bytes that are not UTF-8 are refused by file, record and field, never turned into U+FFFD. */
import { isUtf8 } from 'node:buffer';
import { ImportError } from './batch';

/** Where in a file a fault lies, found from the text before it: the record and the field, as messages name them. */
export type TextSite = (before: string) => { record: string; field: string };

/** The site of a fault in a file read as lines: `line N`, no field. */
export const lineSite: TextSite = (before) => ({ record: `line ${lineOf(before)}`, field: '(text)' });

/** The 1-based line the end of `text` lies on. */
export function lineOf(text: string): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const inRange = (b: number | undefined, lo: number, hi: number): boolean => b !== undefined && b >= lo && b <= hi;

/** Length of the well-formed UTF-8 sequence starting at `i` (Unicode Table 3-7), or 0 when it is not one. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  const cont = (k: number) => inRange(bytes[i + k], 0x80, 0xbf);
  if (b <= 0x7f) return 1;
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    const lo = b === 0xe0 ? 0xa0 : 0x80;
    const hi = b === 0xed ? 0x9f : 0xbf;
    return inRange(bytes[i + 1], lo, hi) && cont(2) ? 3 : 0;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    const lo = b === 0xf0 ? 0x90 : 0x80;
    const hi = b === 0xf4 ? 0x8f : 0xbf;
    return inRange(bytes[i + 1], lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** Offset of the first byte of `bytes` that does not start a well-formed UTF-8 sequence; -1 when every byte does. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const n = sequenceLength(bytes, i);
    if (n === 0) return i;
    i += n;
  }
  return -1;
}

/** The problem stated for invalid bytes at `offset` of the file (the bytes shown in hex, at most four). */
function problemAt(bytes: Uint8Array, at: number, fileOffset: number): string {
  const shown = [...bytes.subarray(at, at + 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  return `invalid UTF-8 at byte ${fileOffset.toLocaleString('en-US')} of the file (${shown}); save the file as UTF-8`;
}

/**
 * `bytes` (a whole file, or a line of it starting at byte `fileOffset`) as text, without the byte-order mark a file may
 * start with. Bytes that are not UTF-8 throw an ImportError naming `file` and the record and field that `site` finds
 * from the text before them.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, site: TextSite = lineSite, fileOffset = 0): string {
  const bom = fileOffset === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(bom);
  const at = isUtf8(body) ? -1 : firstInvalidUtf8(body);
  if (at === -1) return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  const before = Buffer.from(body.buffer, body.byteOffset, at).toString('utf8');
  const { record, field } = site(before);
  throw new ImportError(file, record, field, problemAt(body, at, fileOffset + bom + at));
}
