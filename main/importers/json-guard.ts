/**
 * JSON text checked before it is parsed: how deep its arrays and objects nest and how long its strings are. One pass
 * over the text that jumps from quote to quote; only when a limit is passed is the text read again, up to the fault,
 * to name the field where it lies.
 */
import { ImportError } from './batch';
import { fieldPath } from './field-path';
import { MAX_FIELD_CHARS, MAX_JSON_DEPTH } from './limits';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** Segments of a path shown before it is cut short (a nesting bomb's path is as deep as the bomb). */
const SHOWN_SEGMENTS = 8;

/** Index of the quote closing the string that opens at `start`, or the text's length when none does. */
function stringEnd(text: string, start: number): number {
  for (let j = text.indexOf('"', start + 1); j !== -1; j = text.indexOf('"', j + 1)) {
    let k = j - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    if ((j - 1 - k) % 2 === 0) return j;
  }
  return text.length;
}

/** Characters of the string token from `start` to `end` once decoded, or 0 when not JSON (JSON.parse will say). */
function decodedLength(text: string, start: number, end: number): number {
  try {
    return (JSON.parse(text.slice(start, end + 1)) as string).length;
  } catch {
    return 0;
  }
}

/** Where the text first passes a limit, and how; null when it passes none. */
function firstFault(text: string): { at: number; problem: string } | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end - i - 1 > MAX_FIELD_CHARS) {
        const chars = decodedLength(text, i, end);
        if (chars > MAX_FIELD_CHARS) {
          return {
            at: i,
            problem: `a string of ${chars} characters, more than the ${MAX_FIELD_CHARS} a field may have`,
          };
        }
      }
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > MAX_JSON_DEPTH) {
        return { at: i, problem: `arrays and objects nested more than ${MAX_JSON_DEPTH} levels deep` };
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return null;
}

/** The key whose token runs from `start` to `end`, cut to 60 characters for messages. */
function keyOf(text: string, start: number, end: number): string {
  let key: string;
  try {
    key = JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    key = text.slice(start + 1, end);
  }
  return key.length > 60 ? `${key.slice(0, 57)}...` : key;
}

interface Frame {
  array: boolean;
  index: number;
  key: string | null;
  expectKey: boolean;
}

/** The path (keys and indices) of the value that starts at offset `at`. */
function pathAt(text: string, at: number): PropertyKey[] {
  const stack: Frame[] = [];
  for (let i = 0; i < at; i++) {
    const c = text.charCodeAt(i);
    const top = stack.at(-1);
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (top && !top.array && top.expectKey) {
        top.key = keyOf(text, i, end);
        top.expectKey = false;
      }
      i = end;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      stack.push({ array: c === OPEN_ARRAY, index: 0, key: null, expectKey: c === OPEN_OBJECT });
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
    } else if (c === COMMA && top) {
      if (top.array) top.index++;
      else top.expectKey = true;
    }
  }
  return stack.map((f) => (f.array ? f.index : (f.key ?? '')));
}

/** The field at `path`, cut with an ellipsis after SHOWN_SEGMENTS segments. */
function shownPath(path: readonly PropertyKey[]): string {
  return path.length <= SHOWN_SEGMENTS ? fieldPath(path) : `${fieldPath(path.slice(0, SHOWN_SEGMENTS))}…`;
}

/**
 * The field (keys and indices, cut short when deep) whose value is being written at offset `at` of the JSON `text`,
 * named from `prefix` (the path of `text` inside its document) when it is a part of a larger one.
 */
export function jsonFieldAt(text: string, at = text.length, prefix: readonly PropertyKey[] = []): string {
  return shownPath([...prefix, ...pathAt(text, at)]);
}

/**
 * Throws an ImportError naming `file`, `record` and the field when the JSON `text` nests deeper than MAX_JSON_DEPTH or
 * holds a string longer than MAX_FIELD_CHARS. Text that is not JSON is left to JSON.parse to report.
 */
export function checkJsonText(text: string, file: string, record: string): void {
  const fault = firstFault(text);
  if (fault) throw new ImportError(file, record, shownPath(pathAt(text, fault.at)), fault.problem);
}
