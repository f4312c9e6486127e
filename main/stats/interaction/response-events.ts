import type { InteractionEvent } from './event';
import type { AgentSegment, UserSegment } from './segments';

/**
 * Response events (L_R, R_R), after tau2's extract_turn_transitions. Eligible user turns: not a backchannel and the
 * agent silent right after. Each gets `response` (latency = seconds from the turn's end to the agent's start) when
 * the next agent segment starting at or after its end starts no later than the next eligible user turn,
 * `no_response` when that user turn comes first, and nothing when neither follows. Anchored at the turn's end tick.
 */
export function responseEvents(users: readonly UserSegment[], agents: readonly AgentSegment[], tickSec: number): InteractionEvent[] {
  const eligible = users.filter((u) => !u.backchannel && !u.agentAtEnd);
  const events: InteractionEvent[] = [];
  eligible.forEach((user, i) => {
    const agent = agents.find((a) => a.start >= user.end);
    const nextUser = eligible.slice(i + 1).find((u) => u.start >= user.end);
    if (agent && (!nextUser || agent.start <= nextUser.start)) {
      // Same float expression as tau2: start_time_sec - (start_time_sec + duration_sec).
      const userEndSec = user.start * tickSec + (user.end - user.start) * tickSec;
      events.push({ type: 'response', tick: user.end, latencySec: agent.start * tickSec - userEndSec });
    } else if (nextUser) {
      events.push({ type: 'no_response', tick: user.end, latencySec: null });
    }
  });
  return events;
}
