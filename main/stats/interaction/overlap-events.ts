import { windowTicks, type InteractionConfig } from './config';
import { selectivityEvent, type InteractionEvent, type SelectivityKind } from './event';
import type { UserSegment } from './segments';
import { speaks, type InteractionTick } from './types';

/** Which reading of a user onset during agent speech applies: priority backchannel > vocal tic > non-directed > real interruption. */
function overlapKind(user: UserSegment): SelectivityKind | 'interruption' {
  if (user.backchannel) return 'backchannel';
  if (user.vocalTic) return 'vocal_tic';
  if (user.nonDirected) return 'non_directed';
  return 'interruption';
}

function yieldWindowSec(kind: SelectivityKind | 'interruption', config: InteractionConfig): number {
  switch (kind) {
    case 'backchannel':
      return config.backchannelYieldWindowSec;
    case 'vocal_tic':
      return config.vocalTicYieldWindowSec;
    case 'non_directed':
      return config.nonDirectedYieldWindowSec;
    case 'interruption':
      return config.noYieldWindowSec;
  }
}

/**
 * Events for user segments that start while the agent speaks (tau2's extract_interruption_events, first loop).
 * The agent "yields" when it is silent in one of the ticks [onset, onset + window) that exist. A real interruption
 * gives `yield` (latency = ticks to the first silent tick × tick length) or `no_yield`; a backchannel, vocal tic or
 * non-directed onset gives `<kind>_error` when the agent yields and `<kind>_correct` when it keeps talking.
 */
export function overlapEvents(users: readonly UserSegment[], ticks: readonly InteractionTick[], config: InteractionConfig): InteractionEvent[] {
  return users
    .filter((u) => u.agentAtStart)
    .map((user) => {
      const kind = overlapKind(user);
      const horizon = Math.min(user.start + windowTicks(yieldWindowSec(kind, config), config.tickSec), ticks.length);
      let stopTick: number | null = null;
      for (let i = user.start; i < horizon && stopTick === null; i += 1) if (!speaks(ticks[i].agent_chunk)) stopTick = i;
      if (kind !== 'interruption') return selectivityEvent(kind, stopTick !== null, user.start);
      return stopTick === null
        ? { type: 'no_yield', tick: user.start, latencySec: null }
        : { type: 'yield', tick: user.start, latencySec: (stopTick - user.start) * config.tickSec };
    });
}
