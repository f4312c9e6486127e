/** The WebSocket door: the contract's calls as JSON frames, and pushed events, for renderers in a browser. */
import type { WebSocket, WebSocketServer } from 'ws';
import { requestFrame, type EventFrame, type ReplyFrame } from '../../shared/wire';
import type { Services } from '../services/services';
import { dispatch } from '../api/dispatch';

/**
 * Largest call frame the door reads. Every method whose schema bounds its input fits with any text in it: the largest,
 * `annotations.import`, takes 1,000,000 characters, and JSON writes a character in at most 6 bytes (`\u0001`), 6 MB.
 * A bigger frame (an input the schema has no bound for, or one over its bound) is answered with `bad_frame`.
 */
export const MAX_CALL_BYTES = 8 << 20;

/**
 * The socket's own limit (`maxPayload`): a frame up to this size is read whole and answered, one over it closes the
 * connection with 1009, as the protocol does, so that no client makes the host hold more than this in memory.
 */
export const WS_MAX_PAYLOAD = 64 << 20;

/** The call id at the start of a frame too big to parse (`{"id":7,...`, as the renderer writes it), or null. */
function leadingId(head: string): number | null {
  const m = /^\s*\{\s*"id"\s*:\s*(\d{1,15})\s*[,}]/.exec(head);
  return m ? Number(m[1]) : null;
}

/** The reply to a frame the door does not read: binary, or over MAX_CALL_BYTES (saying the limit and its size). */
export function refusedFrame(data: Buffer, isBinary: boolean): ReplyFrame | null {
  if (isBinary) return { id: null, ok: false, error: { code: 'bad_frame', message: 'frames must be JSON text' } };
  if (data.byteLength <= MAX_CALL_BYTES) return null;
  const limit = `${MAX_CALL_BYTES / (1 << 20)} MiB (${MAX_CALL_BYTES} bytes)`;
  const message = `call frames are limited to ${limit}; this one has ${data.byteLength} bytes`;
  return { id: leadingId(data.subarray(0, 64).toString('latin1')), ok: false, error: { code: 'bad_frame', message } };
}

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
    for (const client of wss.clients) send(client, { event, payload });
  });
  wss.on('connection', (ws) => {
    ws.on('message', (data, isBinary) => {
      const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      const refused = refusedFrame(bytes, isBinary);
      if (refused) return send(ws, refused);
      void handleFrame(services, bytes.toString()).then((reply) => send(ws, reply));
    });
    ws.on('error', () => ws.terminate());
  });
  return unsubscribe;
}
