/** The WebSocket door: the contract's calls as JSON frames, and pushed events, for renderers in a browser. */
import type { WebSocket, WebSocketServer } from 'ws';
import { requestFrame, type EventFrame, type ReplyFrame } from '../../shared/wire';
import type { Services } from '../services/services';
import { dispatch } from '../api/dispatch';

const MAX_FRAME_BYTES = 1 << 20;

function send(ws: WebSocket, frame: ReplyFrame | EventFrame): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}

/** Handles one frame from a renderer; malformed frames get a `bad_frame` reply and nothing else happens. */
export async function handleFrame(services: Services, raw: string): Promise<ReplyFrame> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { id: null, ok: false, error: { code: 'bad_frame', message: 'frame is not valid JSON' } };
  }
  const frame = requestFrame.safeParse(parsed);
  if (!frame.success) {
    const id = typeof (parsed as { id?: unknown })?.id === 'number' ? (parsed as { id: number }).id : null;
    return { id, ok: false, error: { code: 'bad_frame', message: 'frame must be {id, method, input}' } };
  }
  const { id, method, input } = frame.data;
  return { id, ...(await dispatch(services, method, input)) };
}

/** Wires the contract onto a WebSocket server: replies to calls, forwards every event to every client. */
export function attachWsDoor(wss: WebSocketServer, services: Services): () => void {
  const unsubscribe = services.events.subscribe((event, payload) => {
    for (const client of wss.clients) send(client, { event, payload } as EventFrame);
  });
  wss.on('connection', (ws) => {
    ws.on('message', (data, isBinary) => {
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
      if (isBinary || size > MAX_FRAME_BYTES) {
        send(ws, { id: null, ok: false, error: { code: 'bad_frame', message: 'frames must be JSON text under 1 MiB' } });
        return;
      }
      void handleFrame(services, data.toString()).then((reply) => send(ws, reply));
    });
    ws.on('error', () => ws.terminate());
  });
  return unsubscribe;
}
