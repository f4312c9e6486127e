/** A tiny typed event bus: the main side emits contract events, each door forwards them to its renderers. */
import type { EventName, EventPayloads } from '../../shared/contract';

/** Listener for any contract event. */
export type EventListener = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

/** Publishes contract events to every subscribed door. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends an event to every listener; a failing listener never stops the others. */
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload);
      } catch {
        /* a closed socket or window must not break the main side */
      }
    }
  }
}
