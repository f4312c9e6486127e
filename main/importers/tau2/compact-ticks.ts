/**
 * A compact copy of what tau2's interaction metrics (`src/tau2/metrics/voice_interaction_metrics.py`) read from ticks,
 * kept in `episode.info` so latency, yield, interruption and selectivity can be recomputed without the source files.
 */
import { basename } from 'node:path';
import type { Tau2Tick } from './schema';

/** Column names of one row of `info.ticks`. */
export const TICK_COLUMNS = ['tick_id', 'user_speech', 'agent_speech', 'user_action', 'agent_action', 'user_effects', 'agent_effects'] as const;

/** Bits of the `*_effects` columns, one per effect type the metrics distinguish. */
export const EFFECT_BITS = { burst_noise: 1, vocal_tic: 2, non_directed_speech: 4, muffling: 8 } as const;

type EffectType = keyof typeof EFFECT_BITS;

/** One row of `info.ticks`, in TICK_COLUMNS order. */
export type TickRow = [number, 0 | 1, 0 | 1, string | null, string | null, number, number];

/** One active effect: [tick_id, side, type, detail (insert text or noise file basename) or null]. */
export type TickEffect = [number, 'user' | 'agent', EffectType, string | null];

/** What `info` carries for a full-duplex call. */
export interface CompactTicks {
  tickColumns: readonly string[];
  effectBits: typeof EFFECT_BITS;
  ticks: TickRow[];
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

/** Compacts ticks: per tick speech flags, turn-taking actions and effect bits, plus a sparse list of effect details. */
export function compactTicks(ticks: readonly Tau2Tick[]): CompactTicks {
  const rows: TickRow[] = [];
  const details: TickEffect[] = [];
  for (const { tick_id: id, user_chunk: user, agent_chunk: agent } of ticks) {
    const userBits = addEffects(user, id, 'user', details);
    const agentBits = addEffects(agent, id, 'agent', details);
    rows.push([
      id,
      user?.contains_speech ? 1 : 0,
      agent?.contains_speech ? 1 : 0,
      user?.turn_taking_action?.action ?? null,
      agent?.turn_taking_action?.action ?? null,
      userBits,
      agentBits,
    ]);
  }
  return { tickColumns: TICK_COLUMNS, effectBits: EFFECT_BITS, ticks: rows, tickEffects: details };
}
