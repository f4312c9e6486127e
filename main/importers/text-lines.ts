/**
 * Text files read line by line in chunks of 1 MiB, so a JSONL file of any length never sits in memory whole. Each line
 * is decoded on its own; bytes that are not UTF-8 are refused naming the file, the line and (with `fieldOf`) the field.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { ImportError } from './batch';
import { checkFileSize } from './file-size';
import type { FileLimit } from './limits';
import { decodeUtf8 } from './utf8';

/** One line of a text file: its text without the line break, and its number from 1. */
export interface TextLine {
  text: string;
  line: number;
}

const CHUNK_BYTES = 1024 * 1024;
const LF = 0x0a;
const CR = 0x0d;

/** The ImportError for a file the system cannot read, naming it. */
export function unreadable(file: string, err: unknown): ImportError {
  return new ImportError(file, 'file', '(file)', `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
}

/** Opens the file at `path` for reading; a file that cannot be opened is refused as unreadable, named `file`. */
export function openForImport(path: string, file: string): number {
  try {
    return openSync(path, 'r');
  } catch (err) {
    throw unreadable(file, err);
  }
}

/**
 * The lines of the text file at `path` (named `file` in messages), refused before reading when larger than `limit`.
 * Lines end at `\n` (a `\r` before it is dropped) and the first loses its byte-order mark. `fieldOf` names the field at
 * the end of a line's text before bytes that are not UTF-8 (e.g. the JSON path of a JSONL line).
 */
export function* readTextLines(
  path: string,
  file: string,
  limit: FileLimit,
  fieldOf: (before: string) => string = () => '(text)',
): Generator<TextLine> {
  checkFileSize(path, file, limit);
  const fd = openForImport(path, file);
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let pending: Buffer[] = [];
    let line = 0;
    let lineStart = 0;
    let position = 0;
    const decode = (bytes: Buffer): TextLine => {
      const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
      const record = `line ${++line}`;
      const text = decodeUtf8(
        bytes.subarray(0, end),
        file,
        (before) => ({ record, field: fieldOf(before) }),
        lineStart,
      );
      return { text, line };
    };
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buffer, 0, CHUNK_BYTES, null);
      } catch (err) {
        throw unreadable(file, err);
      }
      if (n === 0) break;
      const chunk = buffer.subarray(0, n);
      let from = 0;
      for (let lf = chunk.indexOf(LF); lf !== -1; lf = chunk.indexOf(LF, from)) {
        const piece = chunk.subarray(from, lf);
        const bytes = pending.length ? Buffer.concat([...pending, piece]) : piece;
        pending = [];
        yield decode(bytes);
        lineStart = position + lf + 1;
        from = lf + 1;
      }
      // the buffer is read into again: keep a copy of the line begun at its end
      if (from < n) pending.push(Buffer.from(chunk.subarray(from)));
      position += n;
    }
    if (pending.length) yield decode(Buffer.concat(pending));
  } finally {
    closeSync(fd);
  }
}
