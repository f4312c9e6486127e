/**
 * A local stand-in for the Gemini Live API on 127.0.0.1: the BidiGenerateContent WebSocket at its real path, the key
 * checked in the `key` query parameter or the x-goog-api-key header (a wrong one closes the socket with 1007 and the
 * service's message), handshake failures with retry hints, and scripted faults. Tests drive it with the real `ws`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { makeBrain, type Brain } from '../openai-server/brain';
import { Faults, type HandshakeFault, type TurnFault } from './faults';
import { serveSession } from './session';

/** Options of the local server. */
export interface FakeGeminiOptions {
  /** The key every connection must carry (default `AIza-test-earshot-gemini-0000`). */
  apiKey?: string;
  brain?: Brain;
  /** Delay before the first audio chunk of a reply, ms (default 25). */
  firstAudioDelayMs?: number;
  /** Size of each audio chunk of a reply, ms (default 100). */
  chunkMs?: number;
  /** Frames carrying the JSON messages (default binary, as the service sends them). */
  frames?: 'binary' | 'text';
}

/** One connection as the server saw it. */
export interface GeminiConnection {
  path: string;
  /** Where the key came: query, header, or none. */
  keyIn: 'query' | 'header' | 'none';
  authorized: boolean;
  /** The client messages of the session, in order (see SessionContext.log). */
  log: string[];
  setup: Record<string, unknown> | null;
}

/** A running local server. */
export interface FakeGemini {
  /** e.g. http://127.0.0.1:PORT — the system config's baseUrl. */
  baseUrl: string;
  apiKey: string;
  connections: GeminiConnection[];
  /** Refuses the next handshake(s) with an HTTP status. */
  failHandshake(fault: HandshakeFault): void;
  /** Makes the next model turn(s) misbehave. */
  failTurn(fault: TurnFault): void;
  close(): Promise<void>;
}

const PATH = /^\/ws\/google\.ai\.generativelanguage\.(v1beta|v1alpha)\.GenerativeService\.BidiGenerateContent$/;

/** Starts the server on an ephemeral port of 127.0.0.1. */
export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const apiKey = options.apiKey ?? 'AIza-test-earshot-gemini-0000';
  const brain = options.brain ?? makeBrain();
  const handshakeFaults = new Faults<HandshakeFault>();
  const turnFaults = new Faults<TurnFault>();
  const connections: GeminiConnection[] = [];
  const server = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } }));
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 << 20 });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const header = req.headers['x-goog-api-key'];
    const query = url.searchParams.get('key');
    const given = query ?? (typeof header === 'string' ? header : null);
    const conn: GeminiConnection = {
      path: url.pathname,
      keyIn: query !== null ? 'query' : given !== null ? 'header' : 'none',
      authorized: given === apiKey,
      log: [],
      setup: null,
    };
    connections.push(conn);
    const reject = (status: number, message: string, headers: Record<string, string> = {}) => {
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.end(
        `HTTP/1.1 ${status} ${message}\r\nContent-Type: application/json\r\n${extra}Connection: close\r\n\r\n`,
      );
    };
    if (!PATH.test(url.pathname)) return reject(404, 'Not Found');
    const fault = handshakeFaults.take();
    if (fault) {
      const headers: Record<string, string> = {};
      if (fault.retryAfterMs !== undefined) {
        headers['retry-after-ms'] = String(fault.retryAfterMs);
        headers['retry-after'] = String(Math.ceil(fault.retryAfterMs / 1000));
      }
      return reject(fault.status, fault.status === 429 ? 'Too Many Requests' : 'Service Unavailable', headers);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (!conn.authorized) return ws.close(1007, 'API key not valid. Please pass a valid API key.');
      serveSession(ws, {
        brain,
        firstAudioDelayMs: options.firstAudioDelayMs ?? 25,
        chunkMs: options.chunkMs ?? 100,
        frames: options.frames ?? 'binary',
        faults: turnFaults,
        log: conn.log,
        onSetup: (setup) => (conn.setup = setup),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    connections,
    failHandshake: (fault) => handshakeFaults.add(fault),
    failTurn: (fault) => turnFaults.add(fault),
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
