/** Serves the built renderer's files, and audio assets with Range support, over node:http. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, relative, isAbsolute } from 'node:path';
import { audioContentType, decideRange } from '../audio/range';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The Content-Security-Policy of the renderer, shared by both doors. */
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "media-src 'self' earshot-media: blob:; connect-src 'self' ws://127.0.0.1:* ws://localhost:*; font-src 'self'; " +
  "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * Headers of every response of the web host: no Referer (the page's URL carries the token), no content sniffing, and
 * no use of any response by a page of another origin (a page on another port of 127.0.0.1 cannot play `/media/1`).
 */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** A path's percent-decoding, or null when it is malformed (`%ff` is no UTF-8, `%zz` no escape). */
function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** Sends a file of the built renderer; unknown paths fall back to index.html (single-page app), malformed get 400. */
export function serveRendererFile(rendererDir: string, pathname: string, res: ServerResponse): void {
  const decoded = decodedPath(pathname);
  if (decoded === null) {
    res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad Request: malformed percent-encoding in the path');
    return;
  }
  const wanted = normalize(decoded).replace(/^[/\\]+/, '');
  let file = join(rendererDir, wanted);
  const rel = relative(rendererDir, file);
  if (rel.startsWith('..') || isAbsolute(rel) || !existsSync(file) || statSync(file).isDirectory()) {
    file = join(rendererDir, 'index.html');
  }
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Security-Policy': RENDERER_CSP,
    'Cache-Control': extname(file) === '.html' ? 'no-store' : 'max-age=3600',
  });
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}

/** Sends an audio file, answering a Range request with 206 and an unsatisfiable one with 416. */
export function serveAudioFile(req: IncomingMessage, res: ServerResponse, file: string, format: string): void {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('audio file is missing on disk');
    return;
  }
  const type = audioContentType(format);
  const decision = decideRange(req.headers.range, size);
  if (decision.kind === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${size}` }).end();
    return;
  }
  if (decision.kind === 'whole') {
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': size, 'Accept-Ranges': 'bytes' });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
    return;
  }
  const { start, end } = decision.range;
  res.writeHead(206, {
    'Content-Type': type,
    'Content-Length': end - start + 1,
    'Content-Range': `bytes ${start}-${end}/${size}`,
    'Accept-Ranges': 'bytes',
  });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file, { start, end }).on('error', () => res.destroy()).pipe(res);
}
