/** Rebuilds a full-duplex τ-Voice call's turns from its ticks: speech runs per side, tool calls as events in tick order. */
import type { Speaker } from '../../../shared/domain';
import type { BatchTurn } from '../batch';
import type { Tau2Tick } from './schema';

type Chunk = Tau2Tick['user_chunk'];

const NONE: readonly never[] = [];

function chunkText(chunk: Chunk): string {
  if (!chunk) return '';
  if (chunk.content) return chunk.content;
  const transcript = chunk.raw_data?.proportional_transcript;
  return typeof transcript === 'string' ? transcript : '';
}

/**
 * Speech turns of one side: each run of consecutive ticks (consecutive tick ids) whose chunk contains speech is one
 * turn, from first tick_id × tick to (last tick_id + 1) × tick (rounded to ms), its text the run's chunk texts joined.
 */
export function speechRuns(ticks: readonly Tau2Tick[], side: 'user' | 'agent', tickMs: number): BatchTurn[] {
  const turns: BatchTurn[] = [];
  let open: BatchTurn | null = null;
  let lastId = -2;
  for (const tick of ticks) {
    const chunk = side === 'user' ? tick.user_chunk : tick.agent_chunk;
    const speaking = chunk?.contains_speech === true;
    if (speaking && open && tick.tick_id === lastId + 1) {
      open.endMs = Math.round((tick.tick_id + 1) * tickMs);
      open.text += chunkText(chunk);
    } else if (speaking) {
      open = { speaker: side, startMs: Math.round(tick.tick_id * tickMs), endMs: Math.round((tick.tick_id + 1) * tickMs), text: chunkText(chunk), tool: null };
      turns.push(open);
    } else {
      open = null;
    }
    lastId = tick.tick_id;
  }
  for (const turn of turns) turn.text = turn.text.trim();
  return turns;
}

/**
 * Tool events of the ticks in order: each call sits on the turn of the side that made it (via `tool`), spanning from
 * its tick to the tick its result (matched by id) arrived; results without a call become 'tool' turns.
 */
export function tickToolEvents(ticks: readonly Tau2Tick[], tickMs: number): BatchTurn[] {
  const results = new Map<string, { tickId: number; content: string | null }>();
  for (const tick of ticks) {
    for (const r of tick.agent_tool_results ?? NONE) results.set(r.id, { tickId: tick.tick_id, content: r.content ?? null });
    for (const r of tick.user_tool_results ?? NONE) results.set(r.id, { tickId: tick.tick_id, content: r.content ?? null });
  }
  const called = new Set<string>();
  const turns: BatchTurn[] = [];
  const addCalls = (tick: Tau2Tick, speaker: Speaker, calls: Tau2Tick['agent_tool_calls']) => {
    for (const call of calls ?? NONE) {
      const result = call.id ? results.get(call.id) : undefined;
      if (call.id) called.add(call.id);
      turns.push({
        speaker,
        startMs: Math.round(tick.tick_id * tickMs),
        endMs: Math.round(((result?.tickId ?? tick.tick_id) + 1) * tickMs),
        text: '',
        tool: { name: call.name, arguments: call.arguments, result: result?.content ?? null },
      });
    }
  };
  const addOrphans = (tick: Tau2Tick, list: Tau2Tick['agent_tool_results']) => {
    for (const r of list ?? NONE) {
      if (called.has(r.id)) continue;
      turns.push({
        speaker: 'tool',
        startMs: Math.round(tick.tick_id * tickMs),
        endMs: Math.round((tick.tick_id + 1) * tickMs),
        text: '',
        tool: { name: '', arguments: null, result: r.content ?? null },
      });
    }
  };
  for (const tick of ticks) {
    addCalls(tick, 'agent', tick.agent_tool_calls);
    addCalls(tick, 'user', tick.user_tool_calls);
    addOrphans(tick, tick.agent_tool_results);
    addOrphans(tick, tick.user_tool_results);
  }
  return turns;
}

/** Puts turns in call order: by start time, keeping the given order among equal starts. */
export function inCallOrder(turns: readonly BatchTurn[]): BatchTurn[] {
  return [...turns].sort((a, b) => (a.startMs ?? 0) - (b.startMs ?? 0));
}
