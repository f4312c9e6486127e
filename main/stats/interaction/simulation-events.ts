import type { InteractionConfig } from './config';
import type { InteractionEvent } from './event';
import { outOfTurnInsertEvents, silentSegmentInsertEvents } from './insert-events';
import { overlapEvents } from './overlap-events';
import { responseEvents } from './response-events';
import { agentSegments, userSegments } from './segments';
import { outOfTurnInserts } from './speech-inserts';
import { trimStopArtifact } from './trim-end';
import type { InteractionTick } from './types';

/** Everything one simulation contributes to the metrics. */
export interface SimulationEvents {
  /** Scored events ordered by tick (responses before interruption events on the same tick). */
  events: InteractionEvent[];
  /** Agent segments that start while the user is speaking (the I_A numerator). */
  agentInterruptions: number;
}

/** All interaction events of one simulation's ticks, after trimming the ###STOP### artifact tick. */
export function simulationEvents(ticks: readonly InteractionTick[], config: InteractionConfig): SimulationEvents {
  const trimmed = trimStopArtifact(ticks);
  const users = userSegments(trimmed);
  const agents = agentSegments(trimmed);
  const events = [
    ...responseEvents(users, agents, config.tickSec),
    ...overlapEvents(users, trimmed, config),
    ...silentSegmentInsertEvents(users, agents, config),
    ...outOfTurnInsertEvents(outOfTurnInserts(trimmed), agents, config),
  ];
  events.sort((a, b) => a.tick - b.tick);
  return { events, agentInterruptions: agents.filter((a) => a.userAtStart).length };
}
