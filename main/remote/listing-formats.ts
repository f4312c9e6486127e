/**
 * The folder listings an http(s) location may answer with: an S3 ListBucketResult (XML, as a public bucket answers
 * `?list-type=2&prefix=…`) and an HTML index of links (nginx, Apache or `python -m http.server` autoindex). Text in
 * them is data: only element text and href attributes are read, never markup rendered.
 */

/** One entry of an S3 XML listing. */
export interface XmlListed {
  key: string;
  size: number | null;
  etag: string | null;
}

/** One page of an S3 XML listing. */
export interface XmlListingPage {
  prefix: string;
  entries: XmlListed[];
  /** The token (ListObjectsV2) or marker (V1) of the next page, or null for the last. */
  next: { param: 'continuation-token' | 'marker'; value: string } | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes XML/HTML character references (&amp; &#34; &#x22;). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1].toLowerCase() === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const element = (xml: string, name: string): string | null => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? decodeEntities(m[1]) : null;
};

/** True when `text` is an S3 ListBucketResult document. */
export function isS3Listing(text: string): boolean {
  return /^\s*(<\?xml[^>]*>\s*)?<ListBucketResult[\s>]/.test(text);
}

/** Parses one page of an S3 ListBucketResult (V2 or V1). */
export function parseS3Listing(text: string): XmlListingPage {
  const entries: XmlListed[] = [];
  for (const m of text.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = element(m[1], 'Key');
    if (key === null) continue;
    const size = element(m[1], 'Size');
    entries.push({ key, size: size !== null && /^\d+$/.test(size) ? Number(size) : null, etag: element(m[1], 'ETag') });
  }
  const truncated = element(text, 'IsTruncated') === 'true';
  const token = element(text, 'NextContinuationToken');
  const marker = element(text, 'NextMarker') ?? entries[entries.length - 1]?.key ?? null;
  const next = !truncated
    ? null
    : token
      ? { param: 'continuation-token' as const, value: token }
      : marker
        ? { param: 'marker' as const, value: marker }
        : null;
  return { prefix: element(text, 'Prefix') ?? '', entries, next };
}

/**
 * The links of an HTML index page that lead to its own children below `base` (a folder URL ending in `/`): files,
 * and subfolders (ending in `/`), resolved against `page`. Links elsewhere (parents, siblings, other hosts, sort links
 * with a query) are left out, so a crawl only ever goes down.
 */
export function htmlIndexLinks(html: string, page: URL, base: URL): URL[] {
  const out = new Map<string, URL>();
  for (const m of html.matchAll(/<a\s[^>]*?href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const href = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    let url: URL;
    try {
      url = new URL(href, page);
    } catch {
      continue;
    }
    url.hash = '';
    const folder = page.pathname.replace(/[^/]*$/, '');
    const child = url.pathname.startsWith(folder) && url.pathname.length > folder.length;
    if (url.origin === base.origin && url.pathname.startsWith(base.pathname) && child && url.search === '')
      out.set(url.href, url);
  }
  return [...out.values()];
}
