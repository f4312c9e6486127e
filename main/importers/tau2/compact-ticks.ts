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

/** Effects active in a chunk, as the metrics' `_get_active_effects_from_chunk` lists them. */
function effectsOf(chunk: Chunk): [EffectType, string | null][] {
  const out: [EffectType, string | null][] = [];
  if (!chunk) return out;
  const insertType = (type: string): EffectType => (type === 'vocal_tic' ? 'vocal_tic' : 'non_directed_speech');
  const source = chunk.source_effects;
  if (source?.burst_noise_file) out.push(['burst_noise', basename(source.burst_noise_file.replace(/\\/g, '/'))]);
  if (source?.speech_insert) out.push([insertType(source.speech_insert.type), source.speech_insert.text]);
  const speech = chunk.speech_effects;
  if (speech?.dynamic_muffling_enabled) out.push(['muffling', null]);
  if (speech?.speech_insert) out.push([insertType(speech.speech_insert.type), speech.speech_insert.text]);
  return out;
}

/** Compacts ticks: per tick speech flags, turn-taking actions and effect bits, plus a sparse list of effect details. */
export function compactTicks(ticks: readonly Tau2Tick[]): CompactTicks {
  const rows: TickRow[] = [];
  const details: TickEffect[] = [];
  for (const tick of ticks) {
    let bits = { user: 0, agent: 0 };
    for (const side of ['user', 'agent'] as const) {
      for (const [type, detail] of effectsOf(side === 'user' ? tick.user_chunk : tick.agent_chunk)) {
        bits = { ...bits, [side]: bits[side] | EFFECT_BITS[type] };
        details.push([tick.tick_id, side, type, detail]);
      }
    }
    rows.push([
      tick.tick_id,
      tick.user_chunk?.contains_speech ? 1 : 0,
      tick.agent_chunk?.contains_speech ? 1 : 0,
      tick.user_chunk?.turn_taking_action?.action ?? null,
      tick.agent_chunk?.turn_taking_action?.action ?? null,
      bits.user,
      bits.agent,
    ]);
  }
  return { tickColumns: TICK_COLUMNS, effectBits: EFFECT_BITS, ticks: rows, tickEffects: details };
}
