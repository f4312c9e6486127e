/** JSON at the import boundary: read and parse faults and schema faults become ImportErrors naming file, record and field. */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { ImportError } from './batch';
import { fieldPath } from './field-path';
import { checkFileSize } from './file-size';
import { checkJsonText, jsonFieldAt } from './json-guard';
import { JSON_FILE, type FileLimit } from './limits';
import { unreadable } from './text-lines';
import { decodeUtf8, lineSite, type TextSite } from './utf8';

/**
 * Parses JSON text; a syntax fault (garbled or truncated file) names the file and the record, and so does text past the
 * limits on nesting and string length, refused before it is parsed.
 */
export function parseJsonText(text: string, file: string, record: string): unknown {
  checkJsonText(text, file, record);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ImportError(file, record, '(json)', `not valid JSON (${(err as Error).message})`);
  }
}

/**
 * Reads the text file at `path` (without a byte-order mark); `file` is how messages name it (relative to the import
 * root). A file larger than `limit` is refused before it is read, and one that is not UTF-8 is refused naming the
 * record and field `site` finds before the first bad byte (by default the line).
 */
export function readTextFile(path: string, file: string, limit: FileLimit, site: TextSite = lineSite): string {
  checkFileSize(path, file, limit);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    throw unreadable(file, err);
  }
  return decodeUtf8(bytes, file, site);
}

/** The site of a fault in JSON text that is record `record`: the field being written where the text stops. */
export const jsonSite =
  (record: string): TextSite =>
  (before) => ({ record, field: jsonFieldAt(before) });

/** Reads and parses the JSON file at `path`, refused when larger than `limit`. */
export function readJsonFile(path: string, file: string, limit: FileLimit = JSON_FILE): unknown {
  return parseJsonText(readTextFile(path, file, limit, jsonSite('file')), file, 'file');
}

/** Validates `raw` against `schema`; the first issue becomes an ImportError naming file, record and field. */
export function validate<S extends z.ZodType>(schema: S, raw: unknown, file: string, record: string, prefix = ''): z.output<S> {
  const res = schema.safeParse(raw);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  throw new ImportError(file, record, fieldPath(issue.path, prefix), issue.message);
}
