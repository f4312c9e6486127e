/**
 * A local stand-in for the OpenAI API on 127.0.0.1: the real HTTP endpoints Earshot uses and the Realtime WebSocket
 * protocol, with bearer-key checks, request logs and failure injection. Tests drive it with the real `openai` client and `ws`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { makeBrain, type Brain } from './brain';
import { FaultQueue, faultResponse, type FaultEndpoint, type HttpFault, type RealtimeFault } from './faults';
import { RequestGate } from './gate';
import { chatCompletions, sendError, speech, transcriptions, type RouteContext } from './http-routes';
import { serveRealtime } from './realtime';
import type { Mishearing } from './mishear';

/** Options of the fake server. */
export interface FakeOpenAiOptions {
  /** The bearer key every request must carry (default `sk-test-earshot-0000`). */
  apiKey?: string;
  brain?: Brain;
  /** Delay before the first audio byte of a reply, ms (default 25). */
  firstAudioDelayMs?: number;
  /** Size of each Realtime audio delta, ms (default 100). */
  chunkMs?: number;
  /** With server turn detection: end of the caller's speech → first reply audio, ms (default 400). */
  responseDelayMs?: number;
  /** Stream ms per wall ms of the Realtime fake's clock (default 1); a client streaming at the same pace agrees. */
  clockRate?: number;
  /** Words /v1/audio/transcriptions hears wrongly when asked with this model (a transcript unlike the vendor's). */
  mishear?: Mishearing;
}

/** One HTTP request as the server saw it. */
export interface RequestRecord {
  method: string;
  path: string;
  status: number;
  authorized: boolean;
}

/** A running fake server. */
export interface FakeOpenAi {
  /** e.g. http://127.0.0.1:PORT/v1 — give it as baseURL to the openai client. */
  baseUrl: string;
  apiKey: string;
  requests: RequestRecord[];
  /** One list of client event types per Realtime connection. */
  realtimeSessions: string[][];
  /** Every conversation.item.truncate the Realtime sessions honoured. */
  realtimeTruncations: { itemId: string; audioEndMs: number }[];
  /** Fails the next request(s) to an endpoint. */
  failHttp(fault: HttpFault): void;
  /** Makes the next Realtime response(s) misbehave. */
  failRealtime(fault: RealtimeFault): void;
  /**
   * Holds every new request to these endpoints (all four by default; `realtime` holds the WebSocket handshake) until
   * `release`; a client that gives up while held leaves the queue and is never answered.
   */
  hold(...endpoints: FaultEndpoint[]): void;
  /** Requests held now (to one endpoint, or to any). */
  held(endpoint?: FaultEndpoint): number;
  /** Resolves once at least `n` requests (to `endpoint`, or to any) are held. */
  waitHeld(n: number, endpoint?: FaultEndpoint): Promise<void>;
  /** Lets the `count` oldest held requests go on and keeps holding; without a count, stops holding and lets all go. */
  release(count?: number): void;
  close(): Promise<void>;
}

interface Route {
  endpoint: FaultEndpoint;
  handle: (req: IncomingMessage, res: ServerResponse, ctx: RouteContext) => Promise<void>;
}

const ROUTES: Record<string, Route> = {
  '/v1/chat/completions': { endpoint: 'chat', handle: chatCompletions },
  '/v1/audio/transcriptions': { endpoint: 'transcriptions', handle: transcriptions },
  '/v1/audio/speech': { endpoint: 'speech', handle: speech },
};

/** Starts the fake server on an ephemeral port of 127.0.0.1. */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? 'sk-test-earshot-0000';
  const faults = new FaultQueue();
  const gate = new RequestGate();
  const requests: RequestRecord[] = [];
  const realtimeSessions: string[][] = [];
  const realtimeTruncations: { itemId: string; audioEndMs: number }[] = [];
  const ctx: RouteContext = {
    brain: options.brain ?? makeBrain(),
    firstAudioDelayMs: options.firstAudioDelayMs ?? 25,
    mishear: options.mishear,
  };
  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${apiKey}`;

  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const record: RequestRecord = { method: req.method ?? '', path, status: 0, authorized: authorized(req) };
    requests.push(record);
    res.on('finish', () => (record.status = res.statusCode));
    const route = ROUTES[path];
    if (!route || req.method !== 'POST') return sendError(res, 404, `Unknown request URL: ${req.method} ${path}`);
    if (!record.authorized) return sendError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
    const held = gate.pass(route.endpoint, {
      onClose: (leave) => res.on('close', leave),
      destroy: () => res.destroy(),
    });
    if (held) return void held.then(() => res.destroyed || answer(req, res, route));
    answer(req, res, route);
  });

  /** Answers a request that may go on: the next injected fault for its endpoint, else the route's reply. */
  function answer(req: IncomingMessage, res: ServerResponse, route: Route): void {
    const fault = faults.takeHttp(route.endpoint);
    if (fault) {
      const { headers, body } = faultResponse(fault);
      req.resume();
      res.writeHead(fault.status, headers);
      res.end(body);
      return;
    }
    route.handle(req, res, ctx).catch((err: Error) => {
      if (!res.headersSent) sendError(res, 500, err.message, 'server_error');
      else res.destroy();
    });
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 << 20 });
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    const reject = (status: number, message: string, headers: Record<string, string> = {}) => {
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.end(
        `HTTP/1.1 ${status} ${message}\r\nContent-Type: application/json\r\n${extra}Connection: close\r\n\r\n`,
      );
    };
    requests.push({ method: 'GET', path, status: 101, authorized: authorized(req) });
    if (path !== '/v1/realtime') return reject(404, 'Not Found');
    if (!authorized(req)) return reject(401, 'Unauthorized');
    // A held handshake's socket is read (the client sends nothing before the 101), so a client giving up is seen.
    const onClose = (leave: () => void) => {
      socket
        .once('close', leave)
        .once('end', () => socket.destroy())
        .resume();
    };
    const held = gate.pass('realtime', { onClose, destroy: () => socket.destroy() });
    if (held) return void held.then(() => socket.destroyed || upgrade(req, socket, head, reject));
    upgrade(req, socket, head, reject);
  });

  /** Completes a Realtime handshake that may go on (or fails it with the next injected fault) and serves the session. */
  function upgrade(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    reject: (s: number, m: string, h?: Record<string, string>) => void,
  ): void {
    const fault = faults.takeHttp('realtime');
    if (fault)
      return reject(
        fault.status,
        fault.status === 429 ? 'Too Many Requests' : 'Server Error',
        faultResponse(fault).headers,
      );
    wss.handleUpgrade(req, socket, head, (ws) => {
      const log: string[] = [];
      realtimeSessions.push(log);
      const beta = String(req.headers['openai-beta'] ?? '').includes('realtime=v1');
      const clockRate = options.clockRate ?? 1;
      const duplex = { responseDelayMs: options.responseDelayMs ?? 400, clockRate, truncations: realtimeTruncations };
      serveRealtime(ws, {
        beta,
        brain: ctx.brain,
        firstAudioDelayMs: ctx.firstAudioDelayMs,
        chunkMs: options.chunkMs ?? 100,
        faults,
        log,
        ...duplex,
      });
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    realtimeSessions,
    realtimeTruncations,
    failHttp: (fault) => faults.addHttp(fault),
    failRealtime: (fault) => faults.addRealtime(fault),
    hold: (...endpoints) => gate.hold(endpoints.length ? endpoints : ['chat', 'transcriptions', 'speech', 'realtime']),
    held: (endpoint) => gate.held(endpoint),
    waitHeld: (n, endpoint) => gate.waitHeld(n, endpoint),
    release: (count) => gate.release(count),
    async close() {
      gate.dropAll();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
