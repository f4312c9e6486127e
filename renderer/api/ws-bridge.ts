/** The browser implementation of the bridge: contract calls as frames over the web host's WebSocket. */
import type { EarshotBridge } from '../../shared/bridge';
import type { CallResult, EventName, PushedEvent, PushedEventListener } from '../../shared/contract';

/**
 * Connects to ws://<host>/ws and returns a bridge over it: with the address's token (`token`, kept for reconnects),
 * else on the cookie alone (e.g. after a reload, once the token has left the address).
 */
export function createWsBridge(token: string | null, location: Location = window.location): EarshotBridge {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  const pending = new Map<number, (r: CallResult<unknown>) => void>();
  const listeners = new Set<PushedEventListener>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let opening: Promise<WebSocket> | null = null;

  function connect(): Promise<WebSocket> {
    if (socket && socket.readyState === WebSocket.OPEN) return Promise.resolve(socket);
    if (opening) return opening;
    opening = new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.onopen = () => {
        socket = ws;
        opening = null;
        resolve(ws);
      };
      ws.onerror = () => reject(new Error('cannot reach the Earshot host'));
      ws.onclose = () => {
        socket = null;
        opening = null;
        for (const [, done] of pending) done({ ok: false, error: { code: 'internal', message: 'connection to the Earshot host closed' } });
        pending.clear();
      };
      ws.onmessage = (msg) => {
        const frame = JSON.parse(String(msg.data)) as { id?: number | null; event?: EventName; payload?: unknown } & CallResult<unknown>;
        if (frame.event) {
          const event = [frame.event, frame.payload] as PushedEvent; // the main side sends each event with its payload
          for (const l of listeners) l(...event);
          return;
        }
        if (typeof frame.id === 'number') {
          pending.get(frame.id)?.(frame);
          pending.delete(frame.id);
        }
      };
    });
    return opening;
  }

  return {
    door: 'web',
    async call(method, input) {
      const ws = await connect();
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve as (r: CallResult<unknown>) => void);
        ws.send(JSON.stringify({ id, method, input }));
      });
    },
    on(listener) {
      listeners.add(listener);
      void connect().catch(() => {});
      return () => void listeners.delete(listener);
    },
    mediaUrl: (assetId) => `/media/${assetId}`,
  };
}
