/**
 * An http(s) location: an HTML index of links (followed into subfolders below it), an S3 XML listing (page by page),
 * or one file — told by the answer's content type (HTML, XML) and, for XML, by its ListBucketResult root. Sizes and
 * ETags come from the listing or from a HEAD of each file; downloads resume with Range and If-Range.
 */
import { DomainError } from '../domain/errors';
import type { HttpLocation } from './location';
import { htmlIndexLinks, isS3Listing, parseS3Listing } from './listing-formats';
import { cachedPath, type RemoteObject } from './remote-object';
import { StaleRange, type OpenedObject, type RemoteListing, type RemoteSource } from './source';

/** The most files, and index pages, a location may have. */
const MAX_FILES = 200_000;
const MAX_PAGES = 10_000;
/** The largest listing page read. */
const MAX_LISTING_BYTES = 32 * 1024 * 1024;
/** HEAD requests in flight while sizing an HTML index's files. */
const HEADS_IN_FLIGHT = 8;

function httpFailure(name: string, res: Response): Error {
  if (res.status === 404 || res.status === 410)
    return new DomainError('not_found', `${name}: not found (HTTP ${res.status})`);
  if (res.status === 401 || res.status === 403)
    return new DomainError('forbidden', `${name}: access denied (HTTP ${res.status})`);
  return new Error(`${name}: HTTP ${res.status}`);
}

const describe = (url: URL, path: string, res: Response): RemoteObject => {
  const length = res.headers.get('content-length');
  return {
    path: cachedPath(path, url.href),
    name: url.href,
    size: length !== null && /^\d+$/.test(length) ? Number(length) : null,
    etag: res.headers.get('etag'),
    sha256: res.headers.get('x-amz-checksum-sha256'),
  };
};

const kindOf = (res: Response) => (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();

async function text(res: Response, name: string): Promise<string> {
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_LISTING_BYTES)
    throw new DomainError('invalid_input', `${name}: the listing is larger than ${MAX_LISTING_BYTES} bytes`);
  return res.text();
}

/** The path below the location of `url`, decoded. */
const below = (url: URL, base: URL) => decodeURIComponent(url.pathname.slice(base.pathname.length));

/** Reads an http(s) location with fetch. */
export class HttpSource implements RemoteSource {
  constructor(private readonly location: HttpLocation) {}

  private async get(
    url: URL,
    method: 'GET' | 'HEAD',
    signal?: AbortSignal,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const res = await fetch(url, { method, headers, signal, redirect: 'follow' });
    if (!res.ok) throw httpFailure(url.href, res);
    return res;
  }

  async list(signal?: AbortSignal): Promise<RemoteListing> {
    const url = this.location.url;
    const name = decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'download';
    const head = await fetch(url, { method: 'HEAD', signal, redirect: 'follow' }).catch(() => null);
    if (head?.ok && !/html|xml/.test(kindOf(head))) return { objects: [describe(url, name, head)], single: true };
    const res = await this.get(url, 'GET', signal);
    if (kindOf(res).includes('html')) {
      return {
        objects: await this.crawl(new URL(res.url || url.href), await text(res, url.href), signal),
        single: false,
      };
    }
    if (kindOf(res).includes('xml')) {
      const body = await text(res, url.href);
      if (isS3Listing(body)) return { objects: await this.xmlListing(body, signal), single: false };
    } else await res.body?.cancel();
    return { objects: [describe(url, name, res)], single: true };
  }

  /** Follows an HTML index's links into its subfolders, then sizes every file with a HEAD. */
  private async crawl(first: URL, firstHtml: string, signal?: AbortSignal): Promise<RemoteObject[]> {
    const base = new URL(first.href.replace(/[^/]*$/, ''));
    const files: URL[] = [];
    const queue: [URL, string | null][] = [[first, firstHtml]];
    for (let pages = 0; queue.length > 0; pages++) {
      if (pages >= MAX_PAGES)
        throw new DomainError('invalid_input', `${base.href}: more than ${MAX_PAGES} index pages`);
      const [page, known] = queue.shift()!;
      const html = known ?? (await text(await this.get(page, 'GET', signal), page.href));
      for (const link of htmlIndexLinks(html, page, base)) {
        if (link.pathname.endsWith('/')) queue.push([link, null]);
        else files.push(link);
      }
      if (files.length > MAX_FILES)
        throw new DomainError('invalid_input', `${base.href}: more than ${MAX_FILES} files`);
    }
    if (files.length === 0) throw new DomainError('not_found', `${base.href}: the index lists no files`);
    const objects: RemoteObject[] = new Array(files.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < files.length; i = next++)
        objects[i] = describe(files[i], below(files[i], base), await this.get(files[i], 'HEAD', signal));
    };
    await Promise.all(Array.from({ length: Math.min(HEADS_IN_FLIGHT, files.length) }, worker));
    return objects;
  }

  /** Reads every page of an S3 XML listing; the objects are addressed beside it, path style or virtual-host style. */
  private async xmlListing(firstPage: string, signal?: AbortSignal): Promise<RemoteObject[]> {
    const listing = this.location.url;
    const base = new URL(listing.href);
    base.search = '';
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    const objects: RemoteObject[] = [];
    for (let body: string | null = firstPage; body !== null;) {
      const page = parseS3Listing(body);
      const folder = page.prefix.slice(0, page.prefix.lastIndexOf('/') + 1);
      for (const e of page.entries) {
        if (e.key.endsWith('/')) continue;
        const url = new URL(e.key.split('/').map(encodeURIComponent).join('/'), base);
        objects.push({
          path: cachedPath(e.key.slice(folder.length), url.href),
          name: url.href,
          size: e.size,
          etag: e.etag,
          sha256: null,
        });
      }
      if (objects.length > MAX_FILES)
        throw new DomainError('invalid_input', `${listing.href}: more than ${MAX_FILES} objects`);
      if (!page.next) break;
      const nextUrl = new URL(listing.href);
      nextUrl.searchParams.set(page.next.param, page.next.value);
      body = await text(await this.get(nextUrl, 'GET', signal), listing.href);
    }
    if (objects.length === 0) throw new DomainError('not_found', `${listing.href}: the listing has no objects`);
    return objects;
  }

  async open(object: RemoteObject, start: number, signal?: AbortSignal): Promise<OpenedObject> {
    const url = new URL(object.name);
    const headers: Record<string, string> =
      start > 0 ? { range: `bytes=${start}-`, ...(object.etag ? { 'if-range': object.etag } : {}) } : {};
    const res = await fetch(url, { headers, signal, redirect: 'follow' });
    if (start > 0 && res.status === 416) throw new StaleRange(`${object.name}: the range was refused`);
    if (!res.ok || !res.body) throw httpFailure(object.name, res);
    return { fromOffset: start > 0 && res.status === 206, body: res.body as unknown as AsyncIterable<Uint8Array> };
  }
}
