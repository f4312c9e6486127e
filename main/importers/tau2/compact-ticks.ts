/**
 * A compact copy of what tau2's interaction metrics (`src/tau2/metrics/voice_interaction_metrics.py`) read from ticks,
 * kept in `episode.info` so latency, yield, interruption and selectivity can be recomputed without the source files.
 * Consecutive ticks that agree on everything kept are stored as one run: a call of 1,000–2,000 ticks takes 70–100 runs.
 */
import { basename } from 'node:path';
import type { Tau2Tick } from './schema';

/** Bits of the `*_effects` columns, one per effect type the metrics distinguish. */
export const EFFECT_BITS = { burst_noise: 1, vocal_tic: 2, non_directed_speech: 4, muffling: 8 } as const;

type EffectType = keyof typeof EFFECT_BITS;

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

type Chunk = Tau2Tick['user_chunk'];

const insertType = (type: string): EffectType => (type === 'vocal_tic' ? 'vocal_tic' : 'non_directed_speech');

/**
 * Effects active in a chunk, in the order the metrics' `_get_active_effects_from_chunk` lists them: each is appended to
 * `details` as [tick_id, side, type, detail]; returns their bits.
 */
function addEffects(chunk: Chunk, tickId: number, side: 'user' | 'agent', details: TickEffect[]): number {
  const source = chunk?.source_effects;
  const speech = chunk?.speech_effects;
  if (!source && !speech) return 0;
  let bits = 0;
  const add = (type: EffectType, detail: string | null) => {
    bits |= EFFECT_BITS[type];
    details.push([tickId, side, type, detail]);
  };
  if (source?.burst_noise_file) add('burst_noise', basename(source.burst_noise_file.replace(/\\/g, '/')));
  if (source?.speech_insert) add(insertType(source.speech_insert.type), source.speech_insert.text);
  if (speech?.dynamic_muffling_enabled) add('muffling', null);
  if (speech?.speech_insert) add(insertType(speech.speech_insert.type), speech.speech_insert.text);
  return bits;
}

/** Compacts ticks: runs of ticks with the same speech flags, turn-taking actions and effect bits, plus a sparse list of effect details. */
export function compactTicks(ticks: readonly Tau2Tick[]): CompactTicks {
  const runs: TickRun[] = [];
  const details: TickEffect[] = [];
  let last: TickRun | null = null;
  for (const { tick_id: id, user_chunk: user, agent_chunk: agent } of ticks) {
    const userBits = addEffects(user, id, 'user', details);
    const agentBits = addEffects(agent, id, 'agent', details);
    const userSpeech = user?.contains_speech ? 1 : 0;
    const agentSpeech = agent?.contains_speech ? 1 : 0;
    const userAction = user?.turn_taking_action?.action ?? null;
    const agentAction = agent?.turn_taking_action?.action ?? null;
    if (
      last !== null &&
      id === last[0] + last[1] &&
      userSpeech === last[2] &&
      agentSpeech === last[3] &&
      userAction === last[4] &&
      agentAction === last[5] &&
      userBits === last[6] &&
      agentBits === last[7]
    ) {
      last[1]++;
    } else {
      last = [id, 1, userSpeech, agentSpeech, userAction, agentAction, userBits, agentBits];
      runs.push(last);
    }
  }
  return { tickRuns: runs, tickEffects: details };
}

/** Expands runs back to one row per tick, in TickRow form. */
export function tickRowsFromRuns(runs: readonly TickRun[]): TickRow[] {
  const rows: TickRow[] = [];
  for (const [first, count, userSpeech, agentSpeech, userAction, agentAction, userBits, agentBits] of runs) {
    for (let id = first; id < first + count; id++) rows.push([id, userSpeech, agentSpeech, userAction, agentAction, userBits, agentBits]);
  }
  return rows;
}
