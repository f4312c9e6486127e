/** The event types of tau2-bench's VoiceQualityEvent, named exactly as tau2 names them. */
export type InteractionEventType =
  | 'response'
  | 'no_response'
  | 'yield'
  | 'no_yield'
  | 'backchannel_correct'
  | 'backchannel_error'
  | 'vocal_tic_correct'
  | 'vocal_tic_error'
  | 'non_directed_correct'
  | 'non_directed_error';

/** One scored moment of a call; a metric is a ratio or mean over these. */
export interface InteractionEvent {
  type: InteractionEventType;
  /** Tick position tau2 anchors the event at (user-turn end for responses, the onset otherwise, the agent's start for a wrong response). */
  tick: number;
  /** Seconds, for `response` (response latency) and `yield` (yield latency); null otherwise. */
  latencySec: number | null;
}

/** What the agent should ignore: backchannels, vocal tics and non-directed speech. */
export type SelectivityKind = 'backchannel' | 'vocal_tic' | 'non_directed';

/** A selectivity event: `error` when the agent yielded to, or answered, something it should have ignored. */
export function selectivityEvent(kind: SelectivityKind, error: boolean, tick: number): InteractionEvent {
  return { type: `${kind}_${error ? 'error' : 'correct'}`, tick, latencySec: null };
}
