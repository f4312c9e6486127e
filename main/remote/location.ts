/**
 * A remote place results are imported from: `s3://BUCKET/PREFIX/` (a prefix or one object) or an `https://` URL (a
 * folder listing or one file). Plain `http://` is accepted for the machine itself only (127.0.0.1, ::1, localhost).
 * A URL carrying a secret (user:password@, a key or signature in the query) is refused, as config URLs are.
 */
import { DomainError } from '../domain/errors';
import { urlSecretProblem } from '../llm/url-secrets';

/** An S3 prefix or object. */
export interface S3Location {
  kind: 's3';
  bucket: string;
  /** The key prefix or object key, without a leading slash ('' for the whole bucket). */
  key: string;
  /** How messages name it: s3://bucket/key. */
  text: string;
}

/** An http(s) folder listing or file. */
export interface HttpLocation {
  kind: 'http';
  url: URL;
  text: string;
}

/** A remote location. */
export type RemoteLocation = S3Location | HttpLocation;

/** S3's bucket naming rules (lower case letters, digits, dots and dashes, 3 to 63 characters). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** True when `text` names a remote location (s3://, https://, http://) rather than a path on this machine. */
export function isRemoteLocation(text: string): boolean {
  return /^(s3|https?):\/\//i.test(text.trim());
}

function refuse(what: string, why: string): never {
  throw new DomainError('invalid_input', `${what}: ${why}`);
}

function s3Location(text: string): S3Location {
  const rest = text.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  const key = slash < 0 ? '' : rest.slice(slash + 1);
  if (/[@?#]/.test(bucket)) refuse('s3 location', 'carries credentials or a query; give s3://BUCKET/PREFIX/ only');
  if (!BUCKET.test(bucket)) refuse(`s3://${bucket}`, 'not a valid bucket name');
  if (/[?#]/.test(key)) refuse(`s3://${bucket}/…`, 'an s3 location has no query; give s3://BUCKET/PREFIX/');
  return { kind: 's3', bucket, key, text: `s3://${bucket}/${key}` };
}

/** Parses a remote location, refusing URLs that carry secrets (never quoting them) and plain http to other hosts. */
export function parseRemoteLocation(raw: string): RemoteLocation {
  const text = raw.trim();
  if (/^s3:\/\//i.test(text)) return s3Location(`s3://${text.slice(5)}`);
  const secret = urlSecretProblem(text);
  if (secret)
    refuse('remote location', `${secret}; give a URL without it (credentials come from the AWS credential chain)`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('remote location', 'not a valid URL');
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    refuse(url.host, 'plain http is accepted for this machine only; use https://');
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    refuse('remote location', 'give s3://, https:// or a path');
  url.hash = '';
  return { kind: 'http', url, text: url.href };
}
