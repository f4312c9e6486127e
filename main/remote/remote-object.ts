/** One file of a remote location, as a listing gives it, and the checks on the path it is cached under. */
import { DomainError } from '../domain/errors';

/** A remote file: where it goes in the cache, how big it is, and what identifies its content. */
export interface RemoteObject {
  /** The path below the location, with `/` ('results.json', 'simulations/x.json'). */
  path: string;
  /** How messages name it (s3://bucket/key or the file's URL). */
  name: string;
  /** The size in bytes the listing or HEAD gives, or null when the server gives none. */
  size: number | null;
  /** The entity tag, quotes kept, or null. */
  etag: string | null;
  /** A SHA-256 of the whole object, base64, when the server gives one. */
  sha256: string | null;
}

/** The longest cached path accepted. */
const MAX_PATH = 1024;

/**
 * `path` when it is safe to write below the cache folder: relative, segments that are not empty, `.` or `..`, and no
 * backslash, colon or control character; otherwise the import is refused naming the object.
 */
export function cachedPath(path: string, name: string): string {
  const segments = path.split('/');
  const bad =
    path.length === 0 ||
    path.length > MAX_PATH ||
    segments.some((s) => s === '' || s === '.' || s === '..' || /[\\:\p{Cc}]/u.test(s));
  if (bad)
    throw new DomainError('invalid_input', `${name}: the object's path cannot be written below the cache folder`);
  return path;
}

/** The MD5 an entity tag states, in hex, when it is a plain MD5 (single-part upload); else null (multipart…). */
export function etagMd5(etag: string | null): string | null {
  const m = etag ? /^"?([0-9a-f]{32})"?$/i.exec(etag) : null;
  return m ? m[1].toLowerCase() : null;
}
