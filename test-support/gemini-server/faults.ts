/** Failure injection for the local Gemini Live server: refused handshakes and misbehaving model turns. */

/** An HTTP status answered to the next `times` WebSocket handshakes instead of upgrading. */
export interface HandshakeFault {
  status: number;
  /** Sent as `retry-after-ms` (and rounded up as `retry-after`). */
  retryAfterMs?: number;
  times?: number;
}

/**
 * A misbehaviour on the next `times` model turns: malformed messages before the reply, the socket dropped after the
 * first audio chunk, an `interrupted` after `afterChunks` chunks, a goAway then a normal close, or a close with a code.
 */
export type TurnFault = { times?: number } & (
  | { kind: 'malformed' }
  | { kind: 'drop' }
  | { kind: 'interrupted'; afterChunks: number }
  | { kind: 'goAway' }
  | { kind: 'close'; code: number; reason: string }
);

/** A queue of faults consumed in order, each `times` times (default once). */
export class Faults<T extends { times?: number }> {
  private readonly queue: T[] = [];

  /** Queues a fault. */
  add(fault: T): void {
    this.queue.push({ times: 1, ...fault });
  }

  /** Takes the next fault, if any. */
  take(): T | null {
    const fault = this.queue[0];
    if (!fault) return null;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) this.queue.shift();
    return fault;
  }
}
