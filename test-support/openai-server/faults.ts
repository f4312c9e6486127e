/** Failure injection for the fake OpenAI server: HTTP errors with retry hints, and misbehaving Realtime sessions. */

/** Endpoints an HTTP fault can hit; `realtime` fails the WebSocket handshake. */
export type FaultEndpoint = 'chat' | 'transcriptions' | 'speech' | 'realtime';

/** An HTTP error answered instead of the next `times` requests to an endpoint. */
export interface HttpFault {
  endpoint: FaultEndpoint;
  status: number;
  /** Sent as `retry-after-ms` (and rounded up as `retry-after`). */
  retryAfterMs?: number;
  times?: number;
}

/** A Realtime misbehaviour on the next `times` responses: a malformed event, a dropped socket, or an error event. */
export interface RealtimeFault {
  kind: 'malformed' | 'drop' | 'error';
  times?: number;
}

/** Queues of pending faults, consumed in order. */
export class FaultQueue {
  private readonly http: HttpFault[] = [];
  private readonly realtime: RealtimeFault[] = [];

  /** Queues an HTTP fault. */
  addHttp(fault: HttpFault): void {
    this.http.push({ times: 1, ...fault });
  }

  /** Queues a Realtime fault. */
  addRealtime(fault: RealtimeFault): void {
    this.realtime.push({ times: 1, ...fault });
  }

  /** Takes the next fault for `endpoint`, if any. */
  takeHttp(endpoint: FaultEndpoint): HttpFault | null {
    return take(this.http, (f) => f.endpoint === endpoint);
  }

  /** Takes the next Realtime fault, if any. */
  takeRealtime(): RealtimeFault | null {
    return take(this.realtime, () => true);
  }
}

function take<T extends { times?: number }>(list: T[], match: (f: T) => boolean): T | null {
  const i = list.findIndex(match);
  if (i < 0) return null;
  const fault = list[i];
  fault.times = (fault.times ?? 1) - 1;
  if (fault.times <= 0) list.splice(i, 1);
  return fault;
}

/** Headers and body of an injected HTTP error, shaped like OpenAI's. */
export function faultResponse(fault: HttpFault): { headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (fault.retryAfterMs !== undefined) {
    headers['retry-after-ms'] = String(fault.retryAfterMs);
    headers['retry-after'] = String(Math.ceil(fault.retryAfterMs / 1000));
  }
  const type = fault.status === 429 ? 'rate_limit_exceeded' : 'server_error';
  return { headers, body: JSON.stringify({ error: { message: `injected ${fault.status}`, type, code: type, param: null } }) };
}
