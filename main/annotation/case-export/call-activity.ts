/**
 * Who speaks when in a call, from its turns' times: each side's speech, the overlaps (both sides at once) and the
 * response latencies (end of a user turn → start of the agent's next turn, when no other user turn comes between and
 * the agent starts after the user stops) — the definitions the waveform's latency marks use.
 */
import type { Turn } from '../../../shared/domain';

/** A span of speech on one side. */
export interface SpeechSpan {
  side: 'user' | 'agent';
  startMs: number;
  endMs: number;
}

/** A span of time. */
export interface Span {
  fromMs: number;
  toMs: number;
}

/** A tool call at a moment. */
export interface ToolMoment {
  atMs: number;
  name: string;
}

/** The call's speech activity. */
export interface CallActivity {
  speech: SpeechSpan[];
  overlaps: Span[];
  latencies: Span[];
  tools: ToolMoment[];
  /** The last time anything happens. */
  endMs: number;
}

const sideOf = (t: Turn): 'user' | 'agent' | null => (t.speaker === 'user' || t.speaker === 'agent' ? t.speaker : null);

/** The speech spans of the call's turns, by start time (turns without both times are left out). */
function speechOf(turns: readonly Turn[]): SpeechSpan[] {
  const out: SpeechSpan[] = [];
  for (const t of turns) {
    const side = sideOf(t);
    if (!side || t.tool || t.startMs === null || t.endMs === null || t.endMs <= t.startMs) continue;
    out.push({ side, startMs: t.startMs, endMs: t.endMs });
  }
  return out.sort((a, b) => a.startMs - b.startMs);
}

/** Where a user span and an agent span intersect. */
function overlapsOf(speech: readonly SpeechSpan[]): Span[] {
  const user = speech.filter((s) => s.side === 'user');
  const agent = speech.filter((s) => s.side === 'agent');
  const out: Span[] = [];
  for (const u of user) {
    for (const a of agent) {
      const fromMs = Math.max(u.startMs, a.startMs);
      const toMs = Math.min(u.endMs, a.endMs);
      if (toMs > fromMs) out.push({ fromMs, toMs });
    }
  }
  return out.sort((a, b) => a.fromMs - b.fromMs);
}

/** Gaps from the end of a user turn to the agent's next turn (the last user turn before it, agent starting after). */
function latenciesOf(speech: readonly SpeechSpan[]): Span[] {
  const user = speech.filter((s) => s.side === 'user');
  const agent = speech.filter((s) => s.side === 'agent');
  const out: Span[] = [];
  for (const u of user) {
    const next = agent.find((a) => a.startMs > u.startMs);
    if (!next || next.startMs < u.endMs) continue;
    if (user.some((o) => o.startMs > u.startMs && o.startMs < next.startMs)) continue;
    out.push({ fromMs: u.endMs, toMs: next.startMs });
  }
  return out;
}

/** The speech activity of a call from its turns. */
export function callActivity(turns: readonly Turn[]): CallActivity {
  const speech = speechOf(turns);
  const tools = turns.flatMap((t) => (t.tool && t.startMs !== null ? [{ atMs: t.startMs, name: t.tool.name }] : []));
  const endMs = Math.max(0, ...speech.map((s) => s.endMs), ...tools.map((t) => t.atMs));
  return { speech, overlaps: overlapsOf(speech), latencies: latenciesOf(speech), tools, endMs };
}
