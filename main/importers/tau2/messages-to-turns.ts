/** Turns of a half-duplex τ² conversation from its `messages`, in message order. */
import type { Speaker } from '../../../shared/domain';
import type { BatchTurn } from '../batch';
import type { Tau2Message } from './schema';

/** The turns, and each message's start time by its turn_idx (or position), for placing review findings. */
export interface MessageTurns {
  turns: BatchTurn[];
  startByTurnIdx: Map<number, number | null>;
}

function timeOf(timestamp: string | null | undefined): number | null {
  if (!timestamp) return null;
  const t = Date.parse(timestamp);
  return Number.isNaN(t) ? null : t;
}

/**
 * Converts messages to turns. Speech content becomes a turn of its role ('assistant' → 'agent'); each tool call becomes
 * an event on the caller's side (the turn's `tool`), and a tool message fills in the result of the call with its id.
 * A result without a matching call becomes a 'tool' turn. Times are milliseconds since the earliest of `startTime` and
 * the message timestamps; end times are unknown in half-duplex runs.
 */
export function messagesToTurns(messages: readonly Tau2Message[], startTime: string | null): MessageTurns {
  const times = messages.map((m) => timeOf(m.timestamp));
  let base: number | null = timeOf(startTime);
  for (const t of times) if (t !== null && (base === null || t < base)) base = t;
  const turns: BatchTurn[] = [];
  const startByTurnIdx = new Map<number, number | null>();
  const openCalls = new Map<string, BatchTurn>();
  const addResult = (id: string, content: string | null, startMs: number | null): void => {
    const call = openCalls.get(id);
    if (call?.tool) {
      call.tool.result = content;
      openCalls.delete(id);
    } else {
      turns.push({ speaker: 'tool', startMs, endMs: null, text: '', tool: { name: '', arguments: null, result: content } });
    }
  };
  messages.forEach((m, i) => {
    const t = times[i];
    const startMs = t === null || base === null ? null : t - base;
    startByTurnIdx.set(m.turn_idx ?? i, startMs);
    if (m.role === 'tool') {
      for (const r of m.tool_messages ?? [{ id: m.id ?? '', content: m.content }]) addResult(r.id, r.content ?? null, startMs);
      return;
    }
    const speaker: Speaker = m.role === 'assistant' ? 'agent' : m.role;
    if (m.content?.trim()) turns.push({ speaker, startMs, endMs: null, text: m.content.trim(), tool: null });
    if (m.role === 'system') return;
    for (const call of m.tool_calls ?? []) {
      const turn: BatchTurn = { speaker, startMs, endMs: null, text: '', tool: { name: call.name, arguments: call.arguments, result: null } };
      turns.push(turn);
      if (call.id) openCalls.set(call.id, turn);
    }
  });
  return { turns, startByTurnIdx };
}
