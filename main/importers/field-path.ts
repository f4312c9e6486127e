/** How a field inside an imported record is named in messages. */

/** Formats a path of keys and indices the way a reader would write it, e.g. `ticks[12].user_chunk.contains_speech`. */
export function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(String(key))) out += `${out ? '.' : ''}${String(key)}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out || '(record)';
}
