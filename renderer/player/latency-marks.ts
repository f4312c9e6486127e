/** Turn-taking marks drawn on the waveform: response latency (end of user speech → first agent audio) and interruptions. */
import type { Turn } from '../../shared/domain';

/** A gap from the end of a user turn to the agent's next turn; or a turn that began while the other side was speaking. */
export type LatencyMark =
  | { kind: 'latency'; fromMs: number; toMs: number; ms: number; userTurn: number; agentTurn: number }
  | { kind: 'interruption'; by: 'user' | 'agent'; fromMs: number; toMs: number; ms: number; turn: number; interrupted: number };

type Timed = Turn & { startMs: number; endMs: number };

function spoken(turns: readonly Turn[], speaker?: 'user' | 'agent'): Timed[] {
  return turns
    .filter((t): t is Timed => !t.tool && t.startMs !== null && t.endMs !== null && (speaker ? t.speaker === speaker : t.speaker === 'user' || t.speaker === 'agent'))
    .sort((a, b) => a.startMs - b.startMs);
}

/** Response latencies (end of the last user turn → the agent's next turn, when it starts after) and interruptions (a turn starting inside the other side's turn, with the overlap length). */
export function latencyMarks(turns: readonly Turn[]): LatencyMark[] {
  const user = spoken(turns, 'user');
  const agent = spoken(turns, 'agent');
  const marks: LatencyMark[] = [];
  for (const u of user) {
    const next = agent.find((a) => a.startMs > u.startMs);
    if (!next || user.some((o) => o.startMs > u.startMs && o.startMs < next.startMs) || next.startMs < u.endMs) continue;
    marks.push({ kind: 'latency', fromMs: u.endMs, toMs: next.startMs, ms: next.startMs - u.endMs, userTurn: u.index, agentTurn: next.index });
  }
  const all = spoken(turns);
  for (const t of all) {
    const other = all.find((o) => o.speaker !== t.speaker && o.startMs < t.startMs && o.endMs > t.startMs);
    if (!other) continue;
    const toMs = Math.min(other.endMs, t.endMs);
    marks.push({ kind: 'interruption', by: t.speaker as 'user' | 'agent', fromMs: t.startMs, toMs, ms: toMs - t.startMs, turn: t.index, interrupted: other.index });
  }
  return marks;
}

/** Indexes of turns that start while a turn of the other speaker is still going (overlapping speech). */
export function overlappingTurns(turns: readonly Turn[]): Set<number> {
  return new Set(latencyMarks(turns).flatMap((m) => (m.kind === 'interruption' ? [m.turn] : [])));
}
