/** Rebuilds the ticks the interaction metrics read from the compact copy the τ² importer keeps in `episode.info`. */
import { tickRowsFromRuns, type TickEffect, type TickRow, type TickRun } from './tick-runs';
import type { InteractionChunk, InteractionTick, SpeechInsert } from './types';

/** The parts of `episode.info` written by the τ² importer: runs of ticks, or one row per tick from earlier versions. */
export type CompactTickInfo = { tickEffects: TickEffect[] } & ({ tickRuns: TickRun[] } | { ticks: TickRow[] });

/** True when `info` carries compact ticks (in either form). */
export function hasCompactTicks(info: Record<string, unknown>): info is Record<string, unknown> & CompactTickInfo {
  return (Array.isArray(info.tickRuns) || Array.isArray(info.ticks)) && Array.isArray(info.tickEffects);
}

function chunk(speech: 0 | 1, action: string | null, inserts: SpeechInsert[]): InteractionChunk {
  return {
    contains_speech: speech === 1,
    turn_taking_action: action === null ? null : { action },
    source_effects: { speech_insert: inserts[0] ?? null },
    speech_effects: { speech_insert: inserts[1] ?? null },
  };
}

/** The ticks, with each side's speech inserts in the order the source listed them (source effects first). */
export function ticksFromCompact(info: CompactTickInfo): InteractionTick[] {
  const inserts = new Map<string, SpeechInsert[]>();
  for (const [tickId, side, type, detail] of info.tickEffects) {
    if (type !== 'vocal_tic' && type !== 'non_directed_speech') continue;
    const key = `${tickId}:${side}`;
    const list = inserts.get(key) ?? [];
    list.push({ text: detail ?? '', type: type === 'vocal_tic' ? 'vocal_tic' : 'non_directed_phrase' });
    inserts.set(key, list);
  }
  const rows = 'tickRuns' in info ? tickRowsFromRuns(info.tickRuns) : info.ticks;
  return rows.map(([id, userSpeech, agentSpeech, userAction, agentAction]) => ({
    tick_id: id,
    user_chunk: chunk(userSpeech, userAction, inserts.get(`${id}:user`) ?? []),
    agent_chunk: chunk(agentSpeech, agentAction, inserts.get(`${id}:agent`) ?? []),
  }));
}
