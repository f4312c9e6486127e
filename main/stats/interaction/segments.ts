import { activeInserts } from './speech-inserts';
import { speaks, type InteractionChunk, type InteractionTick } from './types';

/** A run of consecutive user-speech ticks, as tau2's UserSpeechSegment (ticks are list positions, end exclusive). */
export interface UserSegment {
  start: number;
  end: number;
  /** The first tick's turn_taking_action.action is `backchannel`. */
  backchannel: boolean;
  /** The agent was speaking in the first tick. */
  agentAtStart: boolean;
  /** The agent is speaking in the first tick after the run (false when the run reaches the last tick). */
  agentAtEnd: boolean;
  /** Some tick of the run carries a vocal-tic insert. */
  vocalTic: boolean;
  /** Some tick of the run carries a non-directed insert. */
  nonDirected: boolean;
}

/** A run of consecutive agent-speech ticks (list positions, end exclusive). */
export interface AgentSegment {
  start: number;
  end: number;
  /** The user was speaking in the first tick: an agent-interrupts-user event. */
  userAtStart: boolean;
}

/** [start, end) of every maximal run of ticks where `chunkOf` contains speech. */
function runs(ticks: readonly InteractionTick[], chunkOf: (tick: InteractionTick) => InteractionChunk | null): [number, number][] {
  const found: [number, number][] = [];
  let i = 0;
  while (i < ticks.length) {
    if (!speaks(chunkOf(ticks[i]))) {
      i += 1;
      continue;
    }
    const start = i;
    while (i < ticks.length && speaks(chunkOf(ticks[i]))) i += 1;
    found.push([start, i]);
  }
  return found;
}

/** User speech segments with the turn-taking and insert flags the metrics classify by. */
export function userSegments(ticks: readonly InteractionTick[]): UserSegment[] {
  return runs(ticks, (t) => t.user_chunk).map(([start, end]) => {
    const inserts = ticks.slice(start, end).flatMap((t) => activeInserts(t.user_chunk));
    return {
      start,
      end,
      backchannel: ticks[start].user_chunk?.turn_taking_action?.action === 'backchannel',
      agentAtStart: speaks(ticks[start].agent_chunk),
      agentAtEnd: end < ticks.length && speaks(ticks[end].agent_chunk),
      vocalTic: inserts.some((x) => x.kind === 'vocal_tic'),
      nonDirected: inserts.some((x) => x.kind === 'non_directed'),
    };
  });
}

/** Agent speech segments. */
export function agentSegments(ticks: readonly InteractionTick[]): AgentSegment[] {
  return runs(ticks, (t) => t.agent_chunk).map(([start, end]) => ({ start, end, userAtStart: speaks(ticks[start].user_chunk) }));
}
