/** `earshot serve`: the renderer, the contract over WebSocket and the audio, on 127.0.0.1 behind a per-launch token. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { Services } from '../services/services';
import { getAssetFile } from '../db/audio';
import { checkAccess, newToken, TOKEN_COOKIE } from './auth';
import { serveAudioFile, serveRendererFile } from './static';
import { attachWsDoor } from './ws-door';

/** A running web host. */
export interface WebHost {
  url: string;
  port: number;
  token: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts the web host on 127.0.0.1 (port 0 picks a free one). */
export async function startWebHost(services: Services, options: { port?: number; token?: string } = {}): Promise<WebHost> {
  const token = options.token ?? newToken();
  let origins: string[] = [];
  const server = createServer((req, res) => {
    const access = checkAccess(req, token, origins);
    if (access !== 200) {
      res.writeHead(access, { 'Content-Type': 'text/plain' }).end(access === 401 ? 'Unauthorized: open the URL with ?token= printed by earshot serve' : 'Forbidden origin');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const media = /^\/media\/(\d+)$/.exec(url.pathname);
    if (media) {
      const asset = getAssetFile(services.db, Number(media[1]));
      if (!asset) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('no such audio asset');
      serveAudioFile(req, res, asset.path, asset.format);
      return;
    }
    if (url.searchParams.has('token')) {
      res.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
    }
    serveRendererFile(services.paths.rendererDir, url.pathname, res);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  const detach = attachWsDoor(wss, services);
  server.on('upgrade', (req, socket, head) => {
    const access = checkAccess(req, token, origins);
    if (access !== 200 || new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== '/ws') {
      socket.end(`HTTP/1.1 ${access === 403 ? '403 Forbidden' : access === 401 ? '401 Unauthorized' : '404 Not Found'}\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
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
