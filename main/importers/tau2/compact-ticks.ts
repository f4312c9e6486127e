/**
 * A compact copy of what tau2's interaction metrics (`src/tau2/metrics/voice_interaction_metrics.py`) read from ticks,
 * kept in `episode.info` so latency, yield, interruption and selectivity can be recomputed without the source files.
 * Consecutive ticks that agree on everything kept are stored as one run: a call of 1,000–2,000 ticks takes 70–100 runs.
 */
import { basename } from 'node:path';
import type { Tau2Tick } from './schema';
import {
  EFFECT_BITS,
  type CompactTicks,
  type EffectType,
  type TickEffect,
  type TickRun,
} from '../../stats/interaction/tick-runs';

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
