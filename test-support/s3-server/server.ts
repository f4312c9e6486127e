/**
 * A local server on 127.0.0.1 speaking the S3 REST protocol in path style (`/BUCKET/KEY`): ListObjectsV2 with
 * continuation tokens and max-keys, HeadObject, GetObject with Range and If-Match, ETags (MD5 of the bytes, quoted)
 * and SHA-256 checksums when asked with `x-amz-checksum-mode: ENABLED`. It also answers a plain `GET /BUCKET/` with an
 * HTML index of links, as a static web server does. Objects come from a local folder. Tests drive it with the real AWS
 * SDK (custom endpoint, path style) and with fetch, and can make the next download of a key drop its connection midway
 * or serve other bytes than its ETag says.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import { htmlIndex, listBucketXml, type StoredObject } from './responses';

/** One request as the server saw it. */
export interface S3RequestRecord {
  method: string;
  /** The path and query, as sent. */
  url: string;
  range: string | null;
  /** The Authorization header's scheme and credential scope (never the signature), or null when unsigned. */
  signedWith: string | null;
  status: number;
}

/** A running S3-protocol server. */
export interface LocalS3 {
  /** e.g. http://127.0.0.1:PORT — the endpoint to give the SDK (with forcePathStyle). */
  endpoint: string;
  bucket: string;
  requests: S3RequestRecord[];
  /** The next GET of `key` sends its headers and `bytes` bytes of the body, then drops the connection. */
  dropNextGet(key: string, bytes: number): void;
  /** Every GET of `key` serves these bytes instead of the object's (its size, ETag and HEAD stay the object's). */
  corrupt(key: string, bytes: Buffer): void;
  /** Every GET of `key` sends its body at about this many bytes a second (to watch a download's progress). */
  pace(key: string, bytesPerSecond: number): void;
  /** Objects are listed this many per page (default 1000). */
  pageSize: number;
  close(): Promise<void>;
}

function loadObjects(root: string): Map<string, StoredObject> {
  const objects = new Map<string, StoredObject>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const body = readFileSync(full);
        const key = relative(root, full).split(sep).join('/');
        const md5 = createHash('md5').update(body).digest('hex');
        const sha256 = createHash('sha256').update(body).digest('base64');
        objects.set(key, { key, body, etag: `"${md5}"`, sha256, lastModified: statSync(full).mtime });
      }
    }
  };
  walk(root);
  return objects;
}

function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d+)-(\d*)$/.exec(header);
  if (!m) return 'bad';
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  return start >= size || end < start ? 'bad' : { start, end };
}

/** Serves the files under `root` as the objects of `bucket` (keys are paths relative to root, with /). */
export async function startLocalS3(root: string, bucket = 'earshot-test'): Promise<LocalS3> {
  const objects = loadObjects(root);
  const requests: S3RequestRecord[] = [];
  const drops = new Map<string, number>();
  const corrupted = new Map<string, Buffer>();
  const paces = new Map<string, number>();
  const state = { pageSize: 1000 };

  const send = (
    res: ServerResponse,
    status: number,
    headers: Record<string, string | number>,
    body?: Buffer | string,
  ) => {
    res.writeHead(status, headers);
    res.end(body);
  };
  const noSuchKey = (res: ServerResponse, key: string, head: boolean) =>
    send(
      res,
      404,
      { 'content-type': 'application/xml' },
      head ? undefined : `<Error><Code>NoSuchKey</Code><Key>${key}</Key></Error>`,
    );

  const getObject = (req: IncomingMessage, res: ServerResponse, o: StoredObject) => {
    const head = req.method === 'HEAD';
    const size = o.body.length;
    const ifMatch = req.headers['if-match'];
    if (ifMatch && ifMatch !== o.etag)
      return send(
        res,
        412,
        { 'content-type': 'application/xml' },
        head ? undefined : '<Error><Code>PreconditionFailed</Code></Error>',
      );
    const range = byteRange(req.headers.range, size);
    if (range === 'bad') return send(res, 416, { 'content-range': `bytes */${size}` });
    const base: Record<string, string | number> = {
      etag: o.etag,
      'last-modified': o.lastModified.toUTCString(),
      'accept-ranges': 'bytes',
      'content-type': 'application/octet-stream',
    };
    if (head && req.headers['x-amz-checksum-mode'] === 'ENABLED') base['x-amz-checksum-sha256'] = o.sha256;
    if (head) return send(res, 200, { ...base, 'content-length': size });
    const body = corrupted.get(o.key) ?? o.body;
    const part = range ? body.subarray(range.start, range.end + 1) : body;
    const headers = range
      ? { ...base, 'content-range': `bytes ${range.start}-${range.end}/${size}`, 'content-length': part.length }
      : { ...base, 'content-length': part.length };
    const drop = drops.get(o.key);
    if (drop !== undefined) {
      drops.delete(o.key);
      res.writeHead(range ? 206 : 200, headers);
      res.write(part.subarray(0, drop), () => setTimeout(() => res.socket?.destroy(), 20));
      return;
    }
    const rate = paces.get(o.key);
    if (rate === undefined) return send(res, range ? 206 : 200, headers, part);
    res.writeHead(range ? 206 : 200, headers);
    const step = Math.max(1, Math.round(rate / 10));
    const push = (at: number) => {
      if (res.destroyed) return;
      if (at >= part.length) return void res.end();
      res.write(part.subarray(at, at + step), () => setTimeout(() => push(at + step), 100));
    };
    push(0);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (decodeURIComponent(b ?? '') !== bucket)
      return send(res, 404, { 'content-type': 'application/xml' }, '<Error><Code>NoSuchBucket</Code></Error>');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, {});
    if (key === '' && url.searchParams.get('list-type') === '2') {
      return send(
        res,
        200,
        { 'content-type': 'application/xml' },
        listBucketXml(bucket, [...objects.values()], url.searchParams, state.pageSize),
      );
    }
    if (key === '' || key.endsWith('/')) {
      const prefix = key;
      const html = htmlIndex(prefix, [...objects.keys()]);
      return html === null
        ? noSuchKey(res, key, req.method === 'HEAD')
        : send(res, 200, { 'content-type': 'text/html; charset=utf-8' }, html);
    }
    const o = objects.get(key);
    if (!o) return noSuchKey(res, key, req.method === 'HEAD');
    getObject(req, res, o);
  };

  const server = createServer((req, res) => {
    res.on('finish', () => record(req, res.statusCode));
    res.on('close', () => !res.writableFinished && record(req, res.statusCode));
    handle(req, res);
  });
  const record = (req: IncomingMessage, status: number) => {
    const auth = req.headers.authorization;
    const scope = auth ? /^(\S+) Credential=([^/]+)\//.exec(auth) : null;
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      range: req.headers.range ?? null,
      signedWith: scope ? `${scope[1]} ${scope[2]}` : auth ? 'other' : null,
      status,
    });
  };
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    requests,
    dropNextGet: (k, bytes) => drops.set(k, bytes),
    corrupt: (k, bytes) => corrupted.set(k, bytes),
    pace: (k, bytesPerSecond) => paces.set(k, bytesPerSecond),
    get pageSize() {
      return state.pageSize;
    },
    set pageSize(n: number) {
      state.pageSize = n;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
