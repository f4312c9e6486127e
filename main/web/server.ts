/** `earshot serve`: the renderer, the contract over WebSocket and the audio, on 127.0.0.1 behind a per-launch token. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Services } from '../services/services';
import { getAssetFile } from '../db/audio';
import { checkAccess, newToken, requestUrl, tokenCookieName, type Access, type DoorKeys } from './auth';
import { COMMON_HEADERS, serveAudioFile, serveRendererFile } from './static';
import { attachWsDoor, WS_MAX_PAYLOAD } from './ws-door';

/** A running web host. */
export interface WebHost {
  url: string;
  port: number;
  token: string;
  /** The cookie that carries the token after the first page load (one name per port). */
  cookieName: string;
  server: Server;
  close(): Promise<void>;
}

const REFUSALS: Readonly<Record<Exclude<Access, 200>, [string, string]>> = {
  400: ['Bad Request', 'Bad Request: the request target is not a URL'],
  401: ['Unauthorized', 'Unauthorized: open the URL with ?token= printed by earshot serve'],
  403: ['Forbidden', "Forbidden: requests must come from the studio's own page"],
};

/** The request's URL when the door lets it through, else the status it is refused with. */
function admit(req: IncomingMessage, keys: DoorKeys): URL | Exclude<Access, 200> {
  const url = requestUrl(req);
  if (!url) return 400;
  const access = checkAccess(req, url, keys);
  return access === 200 ? url : access;
}

/** The asset id of a `/media/<id>` path (null for other paths; 0, which no asset has, for an id past 2^53). */
function mediaId(pathname: string): number | null {
  const m = /^\/media\/(\d+)$/.exec(pathname);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? id : 0;
}

/** Starts the web host on 127.0.0.1 (port 0 picks a free one). */
export async function startWebHost(services: Services, options: { port?: number; token?: string } = {}): Promise<WebHost> {
  const keys: DoorKeys = { token: options.token ?? newToken(), cookieName: '', origins: [] };
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) res.setHeader(name, value);
    const url = admit(req, keys);
    if (typeof url === 'number') return void res.writeHead(url, { 'Content-Type': 'text/plain' }).end(REFUSALS[url][1]);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const media = mediaId(url.pathname);
    if (media !== null) {
      const asset = getAssetFile(services.db, media);
      if (!asset) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such audio asset');
      serveAudioFile(req, res, asset.path, asset.format);
      return;
    }
    if (url.searchParams.has('token')) {
      res.setHeader('Set-Cookie', `${keys.cookieName}=${keys.token}; HttpOnly; SameSite=Strict; Path=/`);
    }
    serveRendererFile(services.paths.rendererDir, url.pathname, res);
  };
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      // a fault in one answer must not end the host; it is logged and that request alone fails
      console.error('[earshot] web request failed:', err);
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
    }
  });
  // without a listener node:http drops a CONNECT silently; the host answers it like any other method it does not serve
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  const detach = attachWsDoor(wss, services);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // node:http leaves an upgraded socket without an error listener: a reset would otherwise end the process
    socket.on('error', () => socket.destroy());
    const url = admit(req, keys);
    if (typeof url === 'number' || url.pathname !== '/ws') {
      const status = typeof url === 'number' ? url : 404;
      const reason = typeof url === 'number' ? REFUSALS[url][0] : 'Not Found';
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  keys.origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  keys.cookieName = tokenCookieName(port);
  return {
    url: `http://127.0.0.1:${port}/?token=${keys.token}`,
    port,
    token: keys.token,
    cookieName: keys.cookieName,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        detach();
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
