/**
 * The compact form of tau2 ticks kept in `episode.info` (`tickRuns`, `tickEffects`, or `ticks` from earlier versions):
 * the τ² importer writes it, the interaction metrics read it. Consecutive ticks that agree on everything kept are one run.
 */

/** Bits of the `*_effects` columns, one per effect type the metrics distinguish. */
export const EFFECT_BITS = { burst_noise: 1, vocal_tic: 2, non_directed_speech: 4, muffling: 8 } as const;

/** An effect type the metrics distinguish. */
export type EffectType = keyof typeof EFFECT_BITS;

/**
 * One run of `info.tickRuns`: [first tick_id, number of ticks, user_speech, agent_speech, user_action, agent_action,
 * user_effects, agent_effects]; the run stands for ticks first … first + count − 1, each with these values.
 */
export type TickRun = [number, number, 0 | 1, 0 | 1, string | null, string | null, number, number];

/** One row of `info.ticks`, the one-row-per-tick form written by earlier versions (read, no longer written). */
export type TickRow = [number, 0 | 1, 0 | 1, string | null, string | null, number, number];

/** One active effect: [tick_id, side, type, detail (insert text or noise file basename) or null]. */
export type TickEffect = [number, 'user' | 'agent', EffectType, string | null];

/** What `info` carries for a full-duplex call. */
export interface CompactTicks {
  tickRuns: TickRun[];
  tickEffects: TickEffect[];
}

/** Expands runs back to one row per tick, in TickRow form. */
export function tickRowsFromRuns(runs: readonly TickRun[]): TickRow[] {
  const rows: TickRow[] = [];
  for (const [first, count, userSpeech, agentSpeech, userAction, agentAction, userBits, agentBits] of runs) {
    for (let id = first; id < first + count; id++)
      rows.push([id, userSpeech, agentSpeech, userAction, agentAction, userBits, agentBits]);
  }
  return rows;
}
