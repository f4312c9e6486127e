import { windowTicks, type InteractionConfig } from './config';
import { selectivityEvent, type InteractionEvent } from './event';
import type { AgentSegment, UserSegment } from './segments';
import type { InsertKind, InsertRun } from './speech-inserts';

function responseWindowSec(kind: InsertKind, config: InteractionConfig): number {
  return kind === 'vocal_tic' ? config.vocalTicResponseWindowSec : config.nonDirectedResponseWindowSec;
}

/** The first agent segment starting in [start, end + response window ticks], i.e. a (wrong) response to an insert. */
function responder(agents: readonly AgentSegment[], start: number, end: number, kind: InsertKind, config: InteractionConfig): AgentSegment | undefined {
  const last = end + windowTicks(responseWindowSec(kind, config), config.tickSec);
  return agents.find((a) => a.start >= start && a.start <= last);
}

/**
 * Selectivity events for user segments that start while the agent is silent and carry a vocal tic (which wins)
 * or non-directed speech: `<kind>_error` anchored at the agent's start when an agent segment starts between the
 * segment's start and its end + the response window (in ticks), `<kind>_correct` at the segment's start otherwise.
 */
export function silentSegmentInsertEvents(users: readonly UserSegment[], agents: readonly AgentSegment[], config: InteractionConfig): InteractionEvent[] {
  return users
    .filter((u) => !u.agentAtStart && (u.vocalTic || u.nonDirected))
    .map((user) => {
      const kind: InsertKind = user.vocalTic ? 'vocal_tic' : 'non_directed';
      const agent = responder(agents, user.start, user.end, kind, config);
      return agent ? selectivityEvent(kind, true, agent.start) : selectivityEvent(kind, false, user.start);
    });
}

/**
 * Selectivity events for out-of-turn inserts (in ticks where the user is not speaking). If an agent segment spans
 * the insert's first tick, it is an error when that segment ends within the yield window, compared in seconds
 * ((segment end − insert start) × tick ≤ window), and — as in tau2 — no event at all otherwise. If the agent is
 * silent there, it is scored like a silent user segment: error when the agent starts within the response window.
 */
export function outOfTurnInsertEvents(runs: readonly InsertRun[], agents: readonly AgentSegment[], config: InteractionConfig): InteractionEvent[] {
  const events: InteractionEvent[] = [];
  for (const run of runs) {
    const host = agents.find((a) => a.start <= run.start && run.start < a.end);
    if (host) {
      const yieldWindow = run.kind === 'vocal_tic' ? config.vocalTicYieldWindowSec : config.nonDirectedYieldWindowSec;
      if ((host.end - run.start) * config.tickSec <= yieldWindow) events.push(selectivityEvent(run.kind, true, run.start));
      continue;
    }
    const agent = responder(agents, run.start, run.end, run.kind, config);
    events.push(agent ? selectivityEvent(run.kind, true, agent.start) : selectivityEvent(run.kind, false, run.start));
  }
  return events;
}
