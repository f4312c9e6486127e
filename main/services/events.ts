/** A tiny typed event bus: the main side emits contract events, each door forwards them to its renderers. */
import type { PushedEvent, PushedEventListener } from '../../shared/contract';

/** Publishes contract events to every subscribed door. */
export class EventBus {
  private readonly listeners = new Set<PushedEventListener>();

  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: PushedEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends an event to every listener; a failing listener never stops the others. */
  emit(...event: PushedEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(...event);
      } catch {
        /* a closed socket or window must not break the main side */
      }
    }
  }
}
