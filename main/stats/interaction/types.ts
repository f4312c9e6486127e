/** What a tau2-bench full-duplex tick must carry for the interaction metrics (the rest of a tick is ignored). */

/** A vocal tic ("[cough]", "um") or a phrase not directed at the agent ("hold on"), injected into the user's audio. */
export interface SpeechInsert {
  text: string;
  type: 'vocal_tic' | 'non_directed_phrase';
}

/** The user simulator's turn-taking decision for a tick (`keep_talking`, `backchannel`, `wait`, ...). */
export interface TurnTakingAction {
  action: string;
}

/** The effect records of one chunk; only the speech inserts matter to the metrics. */
export interface ChunkEffects {
  speech_insert: SpeechInsert | null;
}

/** One side's audio chunk in a tick. */
export interface InteractionChunk {
  /** Whether this side produced speech during the tick. */
  contains_speech: boolean;
  turn_taking_action: TurnTakingAction | null;
  speech_effects: ChunkEffects | null;
  source_effects: ChunkEffects | null;
}

/** One tick of a full-duplex simulation; a missing chunk means that side was silent. */
export interface InteractionTick {
  tick_id: number;
  agent_chunk: InteractionChunk | null;
  user_chunk: InteractionChunk | null;
}

/** One simulation's id and ticks (empty for a half-duplex simulation). */
export interface InteractionSimulation {
  id: string;
  ticks: InteractionTick[];
}

/** Whether a chunk contains speech; a missing chunk is silence. */
export function speaks(chunk: InteractionChunk | null): boolean {
  return chunk !== null && chunk.contains_speech;
}
