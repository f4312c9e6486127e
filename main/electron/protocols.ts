/**
 * The app:// protocol (the renderer's files) and earshot-media:// (audio by asset id, with Range → 206). Electron's
 * `protocol` is passed in as the narrow interfaces below (main.ts passes the real one; tests pass a recording fake).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import type { Services } from '../services/services';
import { getAssetFile } from '../db/audio';
import { audioContentType, decideRange } from '../audio/range';
import { isAppUrl } from '../security/navigation-policy';
import { DESKTOP_CSP } from './desktop-csp';

/** A scheme and the privileges Electron grants it (`protocol.registerSchemesAsPrivileged`'s entries). */
export interface PrivilegedScheme {
  scheme: string;
  privileges: { standard?: boolean; secure?: boolean; stream?: boolean; supportFetchAPI?: boolean };
}

/** The part of Electron's `protocol` used before app `ready`. */
export interface SchemeRegistrar {
  registerSchemesAsPrivileged(schemes: PrivilegedScheme[]): void;
}

/** The part of Electron's `protocol` that answers a scheme's requests with fetch Responses. */
export interface ProtocolHandlers {
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
}

/** The host of every media URL the preload makes (`earshot-media://asset/<id>`). */
export const MEDIA_HOST = 'asset';

/** Must run before app `ready`: declares both schemes standard and secure, media streamable. */
export function registerSchemes(protocol: SchemeRegistrar): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: 'earshot-media', privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true } },
  ]);
}

/** Content types of the files the renderer build emits. */
export const APP_FILE_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

function fileStream(file: string, range?: { start: number; end: number }): ReadableStream {
  return Readable.toWeb(createReadStream(file, range)) as ReadableStream;
}

function refused(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain', 'Content-Security-Policy': DESKTOP_CSP },
  });
}

/** The file under `rendererDir` that `pathname` names, index.html for a missing one, or null when it leaves the dir. */
function appFile(rendererDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = join(rendererDir, decoded);
  const rel = relative(rendererDir, file);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
  return existsSync(file) && !statSync(file).isDirectory() ? file : join(rendererDir, 'index.html');
}

/**
 * Serves app://earshot/<path> from the built renderer, each answer with the desktop CSP. Another host is answered
 * 404; a path that decodes to somewhere outside the renderer folder (`..%2f`), or does not decode, is refused with
 * 403; a missing file gets index.html.
 */
export function handleAppProtocol(protocol: ProtocolHandlers, rendererDir: string): void {
  protocol.handle('app', (request) => {
    if (!isAppUrl(request.url)) return refused(404, 'not an app://earshot page');
    const file = appFile(rendererDir, new URL(request.url).pathname);
    if (!file) return refused(403, 'path refused');
    return new Response(fileStream(file), {
      headers: {
        'Content-Type': APP_FILE_TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': DESKTOP_CSP,
      },
    });
  });
}

/** Serves earshot-media://asset/<id>: looks the file up by asset id, answers Range requests with 206. */
export function handleMediaProtocol(protocol: ProtocolHandlers, services: Services): void {
  protocol.handle('earshot-media', (request) => {
    const url = new URL(request.url);
    const m = url.host === MEDIA_HOST ? /^\/(\d+)$/.exec(url.pathname) : null;
    const asset = m ? getAssetFile(services.db, Number(m[1])) : null;
    if (!asset || !existsSync(asset.path)) return new Response('no such audio asset', { status: 404 });
    const size = statSync(asset.path).size;
    const type = audioContentType(asset.format);
    const decision = decideRange(request.headers.get('range'), size);
    if (decision.kind === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
    }
    if (decision.kind === 'whole') {
      return new Response(fileStream(asset.path), {
        status: 200,
        headers: { 'Content-Type': type, 'Content-Length': String(size), 'Accept-Ranges': 'bytes' },
      });
    }
    const { start, end } = decision.range;
    return new Response(fileStream(asset.path, { start, end }), {
      status: 206,
      headers: {
        'Content-Type': type,
        'Content-Length': String(end - start + 1),
        'Content-Range': `bytes ${start}-${end}/${size}`,
        'Accept-Ranges': 'bytes',
      },
    });
  });
}
