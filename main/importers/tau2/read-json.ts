/** JSON at the import boundary: read and parse faults and schema faults become ImportErrors naming file, record and field. */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { ImportError } from '../batch';

/** Formats a schema issue path the way a reader would write it, e.g. `ticks[12].user_chunk.contains_speech`. */
function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(String(key))) out += `${out ? '.' : ''}${String(key)}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || '(record)';
}

/** Parses JSON text; a syntax fault (garbled or truncated file) names the file and the record. */
export function parseJsonText(text: string, file: string, record: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ImportError(file, record, '(json)', `not valid JSON (${(err as Error).message})`);
  }
}

/** Reads the text file at `path` (without a byte-order mark); `file` is how messages name it (relative to the import root). */
export function readTextFile(path: string, file: string): string {
  try {
    return readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  } catch (err) {
    throw new ImportError(file, 'file', '(file)', `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** Reads and parses the JSON file at `path`. */
export function readJsonFile(path: string, file: string): unknown {
  return parseJsonText(readTextFile(path, file), file, 'file');
}

/** Validates `raw` against `schema`; the first issue becomes an ImportError naming file, record and field. */
export function validate<S extends z.ZodType>(schema: S, raw: unknown, file: string, record: string, prefix = ''): z.output<S> {
  const res = schema.safeParse(raw);
  if (res.success) return res.data;
  const issue = res.error.issues[0];
  throw new ImportError(file, record, fieldPath(issue.path, prefix), issue.message);
}
