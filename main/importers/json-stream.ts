/**
 * A JSON document outlined in one pass over its bytes, read in 1 MiB chunks and never whole: where each top-level
 * field's value lies, and where each element of one array field lies (a τ² results.json's `simulations`), so that the
 * elements can then be read and parsed one at a time (json-stream-read.ts). The pass checks what must hold before any
 * value is parsed — UTF-8, nesting depth, string length, the size of one element and of the other fields, and the
 * document's top-level shape — and refuses a fault by file, record (the element) and field, with its byte offset. The
 * syntax inside a value is left to JSON.parse when the value is read. Memory: one chunk and two offsets per element.
 */
import { closeSync, fstatSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { Outliner } from './json-stream-outliner';
import type { FileLimit } from './limits';
import { openForImport } from './text-lines';
import { firstInvalidUtf8 } from './utf8';

/** Bytes `start` (inclusive) to `end` (exclusive) of a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file's size and modification time, to notice that it changed between the outline and the reads. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

/** Where a document's values lie. */
export interface JsonOutline {
  /** Each top-level field's value, the streamed array's excepted, by key (a key given twice: the last). */
  fields: Map<string, ByteRange>;
  /** The elements of the streamed array, in order; none when the document has no such array. */
  elements: ByteRange[];
  /** Whether the document's (last) value under the streamed key is an array. */
  hasArray: boolean;
  stamp: FileStamp;
}

/** What to outline and the limits to hold the document to. */
export interface OutlineOptions {
  /** The top-level key whose array is streamed element by element. */
  arrayKey: string;
  /** The most bytes one element may take. */
  elementLimit: FileLimit;
  /** The most bytes the other fields' values may take together. */
  fieldsLimit: FileLimit;
  /** How messages name element `index` (from 0), given its text up to the fault (cut short: not JSON). */
  elementRecord: (index: number, before: string) => string;
  /** Name a field inside an element from the document's top (`episodes[2].turns`), not from the element (`turns`). */
  fieldsFromTop?: boolean;
}

const CHUNK_BYTES = 1024 * 1024;

/** Length of `buf[0 … len)` without a multi-byte sequence cut at its end (that one is read with the next chunk). */
function wholeSequences(buf: Uint8Array, len: number): number {
  for (let k = 1; k <= 3 && k <= len; k++) {
    const b = buf[len - k];
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > k ? len - k : len;
  }
  return len;
}

/**
 * Outlines the JSON document at `path` (`file` is how messages name it): every top-level field's value and every
 * element of the array under `options.arrayKey`, holding it to UTF-8 and the limits on nesting, strings and sizes.
 */
export function outlineJson(path: string, file: string, options: OutlineOptions): JsonOutline {
  const fd = openForImport(path, file);
  try {
    const { size, mtimeMs } = fstatSync(fd);
    const outliner = new Outliner(fd, file, options);
    const buf = Buffer.alloc(CHUNK_BYTES + 4);
    let carry = 0;
    let pos = 0;
    for (;;) {
      const n = readSync(fd, buf, carry, CHUNK_BYTES, pos + carry);
      const len = carry + n;
      if (n === 0) {
        if (carry > 0) outliner.invalidUtf8(pos, buf.subarray(0, carry));
        break;
      }
      const cut = wholeSequences(buf, len);
      const from = pos === 0 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
      const body = buf.subarray(from, cut);
      const bad = isUtf8(body) ? -1 : from + firstInvalidUtf8(body);
      if (bad >= 0) {
        outliner.feed(buf, from, bad, pos);
        outliner.invalidUtf8(pos + bad, buf.subarray(bad, Math.min(len, bad + 4)));
      }
      outliner.feed(buf, from, cut, pos);
      buf.copy(buf, 0, cut, len);
      carry = len - cut;
      pos += cut;
    }
    outliner.finish(pos);
    const { fields, elements, hasArray } = outliner;
    return { fields, elements, hasArray, stamp: { size, mtimeMs } };
  } finally {
    closeSync(fd);
  }
}
