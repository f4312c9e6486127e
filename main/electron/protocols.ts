/** The app:// protocol (the renderer's files) and earshot-media:// (audio by asset id, with Range → 206). */
import { protocol } from 'electron';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { extname, isAbsolute, join, normalize, relative } from 'node:path';
import type { Services } from '../services/services';
import { getAssetFile } from '../db/audio';
import { audioContentType, decideRange } from '../audio/range';
import { DESKTOP_CSP } from './desktop-csp';

/** Must run before app `ready`: declares both schemes standard and secure, media streamable. */
export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: 'earshot-media', privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true } },
  ]);
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };

function fileStream(file: string, range?: { start: number; end: number }): ReadableStream {
  return Readable.toWeb(createReadStream(file, range)) as ReadableStream;
}

/** Serves app://earshot/<path> from the built renderer, never outside it. */
export function handleAppProtocol(rendererDir: string): void {
  protocol.handle('app', (request) => {
    const { pathname } = new URL(request.url);
    const wanted = normalize(decodeURIComponent(pathname)).replace(/^[/\\]+/, '');
    let file = join(rendererDir, wanted || 'index.html');
    const rel = relative(rendererDir, file);
    if (rel.startsWith('..') || isAbsolute(rel) || !existsSync(file) || statSync(file).isDirectory()) file = join(rendererDir, 'index.html');
    return new Response(fileStream(file), {
      headers: { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': DESKTOP_CSP },
    });
  });
}

/** Serves earshot-media://asset/<id>: looks the file up by asset id, answers Range requests with 206. */
export function handleMediaProtocol(services: Services): void {
  protocol.handle('earshot-media', (request) => {
    const m = /^\/(\d+)$/.exec(new URL(request.url).pathname);
    const asset = m ? getAssetFile(services.db, Number(m[1])) : null;
    if (!asset || !existsSync(asset.path)) return new Response('no such audio asset', { status: 404 });
    const size = statSync(asset.path).size;
    const type = audioContentType(asset.format);
    const decision = decideRange(request.headers.get('range'), size);
    if (decision.kind === 'unsatisfiable') return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
    if (decision.kind === 'whole') {
      return new Response(fileStream(asset.path), { status: 200, headers: { 'Content-Type': type, 'Content-Length': String(size), 'Accept-Ranges': 'bytes' } });
    }
    const { start, end } = decision.range;
    return new Response(fileStream(asset.path, { start, end }), {
      status: 206,
      headers: { 'Content-Type': type, 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${size}`, 'Accept-Ranges': 'bytes' },
    });
  });
}
