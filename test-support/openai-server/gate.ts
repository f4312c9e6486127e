/**
 * A gate the fake server's requests pass through: while a test holds an endpoint, each new request to it waits until
 * the test lets it through, so a test can catch a run between two calls by events instead of by timing.
 */
import type { FaultEndpoint } from './faults';

interface Waiter {
  endpoint: FaultEndpoint;
  go: () => void;
  drop: () => void;
}

/** The connection of a held request, as the gate sees it. */
export interface HeldConnection {
  /** Calls `leave` when the client gives up waiting (its connection closes). */
  onClose(leave: () => void): void;
  /** Closes the connection (the server is shutting down). */
  destroy(): void;
}

/** Requests held per endpoint, released oldest first. */
export class RequestGate {
  private readonly holding = new Set<FaultEndpoint>();
  private readonly waiting: Waiter[] = [];
  private readonly watchers: { n: number; endpoint: FaultEndpoint | null; resolve: () => void }[] = [];

  /** From now on, requests to these endpoints wait for `release`. */
  hold(endpoints: readonly FaultEndpoint[]): void {
    for (const e of endpoints) this.holding.add(e);
  }

  /** Requests waiting now, to one endpoint or to any. */
  held(endpoint?: FaultEndpoint): number {
    return this.waiting.filter((w) => !endpoint || w.endpoint === endpoint).length;
  }

  /** Resolves once at least `n` requests (to `endpoint`, or to any) are waiting. */
  waitHeld(n: number, endpoint?: FaultEndpoint): Promise<void> {
    if (this.held(endpoint) >= n) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push({ n, endpoint: endpoint ?? null, resolve }));
  }

  /** Lets the `count` oldest waiting requests through and keeps holding; without a count, stops holding and lets all go. */
  release(count?: number): void {
    if (count === undefined) this.holding.clear();
    const going = this.waiting.splice(0, count ?? this.waiting.length);
    for (const w of going) w.go();
  }

  /** Closes every held connection and stops holding (the server is shutting down). */
  dropAll(): void {
    this.holding.clear();
    for (const w of this.waiting.splice(0)) w.drop();
  }

  /**
   * Called by the server for each request: null when the endpoint is not held, else a promise that resolves when the
   * request may go on. A client that gives up waiting leaves the queue.
   */
  pass(endpoint: FaultEndpoint, connection: HeldConnection): Promise<void> | null {
    if (!this.holding.has(endpoint)) return null;
    return new Promise((resolve) => {
      const waiter: Waiter = { endpoint, go: resolve, drop: () => connection.destroy() };
      this.waiting.push(waiter);
      connection.onClose(() => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
      });
      this.notify();
    });
  }

  private notify(): void {
    for (const w of [...this.watchers]) {
      if (this.held(w.endpoint ?? undefined) < w.n) continue;
      this.watchers.splice(this.watchers.indexOf(w), 1);
      w.resolve();
    }
  }
}
