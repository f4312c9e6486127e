/** One string field of a JSON object read from the start of its text, which may be cut short or not be JSON. */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index of the quote closing the string that opens at `start`, or -1 when the text ends first. */
function closingQuote(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return -1;
}

/** The string at `start` … `end` (quotes included) decoded, or null when it is not a JSON string. */
function decoded(text: string, start: number, end: number): string | null {
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * The string value of `key` at the top level of the object `text` starts with (its first occurrence), or null when the
 * text has none before it ends, or the value is not a string. Used to name a record by its id from its text alone.
 */
export function leadingStringField(text: string, key: string): string | null {
  if (!text.trimStart().startsWith('{')) return null;
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = closingQuote(text, i);
      if (end < 0) return null;
      if (depth === 1 && expectKey && decoded(text, i, end) === key) {
        const value = /^\s*:\s*"/.exec(text.slice(end + 1, end + 64));
        if (!value) return null;
        const from = end + value[0].length;
        const close = closingQuote(text, from);
        return close < 0 ? null : decoded(text, from, close);
      }
      expectKey = false;
      i = end;
    } else if (c === '{' || c === '[') {
      depth++;
      expectKey = c === '{' && depth === 1;
    } else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 1) expectKey = true;
  }
  return null;
}
