/** Frames carried by the WebSocket door, and their validation. */
import { z } from 'zod';
import type { CallResult, EventName, EventPayloads } from './contract';

/** A call frame sent by the renderer. */
export const requestFrame = z.object({ id: z.number().int().nonnegative(), method: z.string(), input: z.unknown() }).strict();
/** A call frame sent by the renderer, parsed. */
export type RequestFrame = z.infer<typeof requestFrame>;

/** A reply frame sent by the main side. */
export type ReplyFrame = { id: number | null } & CallResult<unknown>;

/** An event frame pushed by the main side. */
export interface EventFrame<E extends EventName = EventName> {
  event: E;
  payload: EventPayloads[E];
}
