/**
 * The values of an outlined JSON document (json-stream.ts), read one byte range at a time: an element of the streamed
 * array, or the top-level fields beside it. A file that changed since it was outlined is refused, not read.
 */
import { closeSync, fstatSync, readSync } from 'node:fs';
import { ImportError } from './batch';
import { jsonFieldAt } from './json-guard';
import type { ByteRange, JsonOutline } from './json-stream';
import { openForImport } from './text-lines';
import { decodeUtf8 } from './utf8';

/** The bytes of `ranges` of the file at `path`, checked against the outline's stamp of it. */
function readRanges(path: string, file: string, outline: JsonOutline, ranges: readonly ByteRange[]): Buffer[] {
  const fd = openForImport(path, file);
  try {
    const { size, mtimeMs } = fstatSync(fd);
    if (size !== outline.stamp.size || mtimeMs !== outline.stamp.mtimeMs) {
      throw new ImportError(file, 'file', '(file)', 'changed while it was being imported; import it again');
    }
    return ranges.map(({ start, end }) => {
      const bytes = Buffer.alloc(end - start);
      readSync(fd, bytes, 0, bytes.length, start);
      return bytes;
    });
  } finally {
    closeSync(fd);
  }
}

/** Parses `text`, which starts at byte `start` of the file; a syntax fault names `record` and `field`. */
function parseAt(text: string, file: string, record: string, field: string, start: number): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const where = `it starts at byte ${start.toLocaleString('en-US')} of the file`;
    throw new ImportError(file, record, field, `not valid JSON (${(err as Error).message}; ${where})`);
  }
}

/** Element `index` of the outlined array, parsed; `record` is how messages name it, from its text. */
export function readJsonElement(
  path: string,
  file: string,
  outline: JsonOutline,
  index: number,
  record: (text: string) => string,
): unknown {
  const range = outline.elements[index];
  const [bytes] = readRanges(path, file, outline, [range]);
  const site = (before: string) => ({ record: record(before), field: jsonFieldAt(before) });
  const text = decodeUtf8(bytes, file, site, range.start);
  return parseAt(text, file, record(text), '(json)', range.start);
}

/** The top-level fields of the outlined document beside the streamed array, parsed, as one object (record `file`). */
export function readJsonFields(path: string, file: string, outline: JsonOutline): Record<string, unknown> {
  const keys = [...outline.fields.keys()];
  const ranges = keys.map((k) => outline.fields.get(k)!);
  const out: Record<string, unknown> = {};
  readRanges(path, file, outline, ranges).forEach((bytes, i) => {
    const field = jsonFieldAt(`{${JSON.stringify(keys[i])}:`);
    const text = decodeUtf8(bytes, file, () => ({ record: 'file', field }), ranges[i].start);
    out[keys[i]] = parseAt(text, file, 'file', field, ranges[i].start);
  });
  return out;
}
