/** The bodies the local S3-protocol server sends: a ListObjectsV2 result page and an HTML folder index. */

/** An object the server holds. */
export interface StoredObject {
  key: string;
  body: Buffer;
  /** The quoted MD5 of the body, as S3 gives it for a single-part upload. */
  etag: string;
  /** The base64 SHA-256 of the body (x-amz-checksum-sha256). */
  sha256: string;
  lastModified: Date;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One page of ListObjectsV2 (`prefix`, `max-keys`, `continuation-token`, `start-after`); the continuation token is
 * the base64 of the last key listed, as opaque to the client as S3's own.
 */
export function listBucketXml(
  bucket: string,
  objects: readonly StoredObject[],
  q: URLSearchParams,
  pageSize: number,
): string {
  const prefix = q.get('prefix') ?? '';
  const maxKeys = Math.min(Number(q.get('max-keys') ?? 1000), pageSize);
  const token = q.get('continuation-token');
  const after = token ? Buffer.from(token, 'base64').toString('utf8') : (q.get('start-after') ?? '');
  const matching = objects
    .filter((o) => o.key.startsWith(prefix) && o.key > after)
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const page = matching.slice(0, maxKeys);
  const truncated = matching.length > page.length;
  const contents = page
    .map(
      (o) =>
        `<Contents><Key>${xml(o.key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified>` +
        `<ETag>${xml(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(page[page.length - 1].key).toString('base64')}</NextContinuationToken>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix>` +
    `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>` +
    (token ? `<ContinuationToken>${xml(token)}</ContinuationToken>` : '') +
    `<IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`
  );
}

/** An HTML index of the folder `prefix` (links to its files and subfolders, relative, as `python -m http.server`
 * writes them), or null when no key lies under it. */
export function htmlIndex(prefix: string, keys: readonly string[]): string | null {
  const under = keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  if (under.length === 0) return null;
  const entries = [...new Set(under.map((rest) => (rest.includes('/') ? `${rest.split('/')[0]}/` : rest)))].sort();
  const links = entries.map(
    (e) => `<li><a href="${encodeURIComponent(e.replace(/\/$/, ''))}${e.endsWith('/') ? '/' : ''}">${xml(e)}</a></li>`,
  );
  const title = `Directory listing for /${xml(prefix)}`;
  const items = ['<li><a href="../">../</a></li>', ...links].join('\n');
  return `<!DOCTYPE HTML>\n<html><head><title>${title}</title></head><body>\n<ul>\n${items}\n</ul>\n</body></html>\n`;
}
