/** Validation of raw tau2-bench JSON (results.json, simulations/*.json) into the typed interaction input. */
import { DEFAULT_INTERACTION_CONFIG } from './config';
import type { ChunkEffects, InteractionChunk, InteractionSimulation, InteractionTick, SpeechInsert, TurnTakingAction } from './types';

/** Raised when tick data does not have the shape the interaction metrics need; the message names the offending path. */
export class InteractionInputError extends Error {
  override name = 'InteractionInputError';
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `the string ${JSON.stringify(value.slice(0, 40))}` : `${typeof value} ${String(value)}`;
}

function fail(path: string, expected: string, value: unknown): never {
  throw new InteractionInputError(`${path} must be ${expected}, got ${describe(value)}`);
}

function isAbsent(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

function parseInsert(value: unknown, path: string): SpeechInsert | null {
  if (isAbsent(value)) return null;
  if (!isObject(value)) fail(path, 'an object or null', value);
  if (typeof value.text !== 'string') fail(`${path}.text`, 'a string', value.text);
  if (value.type !== 'vocal_tic' && value.type !== 'non_directed_phrase') fail(`${path}.type`, '"vocal_tic" or "non_directed_phrase"', value.type);
  return { text: value.text, type: value.type };
}

function parseEffects(value: unknown, path: string): ChunkEffects | null {
  if (isAbsent(value)) return null;
  if (!isObject(value)) fail(path, 'an object or null', value);
  return { speech_insert: parseInsert(value.speech_insert, `${path}.speech_insert`) };
}

function parseAction(value: unknown, path: string): TurnTakingAction | null {
  if (isAbsent(value)) return null;
  if (!isObject(value)) fail(path, 'an object or null', value);
  if (typeof value.action !== 'string') fail(`${path}.action`, 'a string', value.action);
  return { action: value.action };
}

function parseChunk(value: unknown, path: string): InteractionChunk | null {
  if (isAbsent(value)) return null;
  if (!isObject(value)) fail(path, 'an object or null', value);
  // tau2's message model defaults contains_speech to true when the field is absent.
  const speech = value.contains_speech ?? true;
  if (typeof speech !== 'boolean') fail(`${path}.contains_speech`, 'a boolean', speech);
  return {
    contains_speech: speech,
    turn_taking_action: parseAction(value.turn_taking_action, `${path}.turn_taking_action`),
    speech_effects: parseEffects(value.speech_effects, `${path}.speech_effects`),
    source_effects: parseEffects(value.source_effects, `${path}.source_effects`),
  };
}

/** Validates a `ticks` array: objects with strictly increasing integer tick_id and optional agent/user chunks. */
export function parseTicks(value: unknown, path = 'ticks'): InteractionTick[] {
  if (!Array.isArray(value)) fail(path, 'an array of ticks', value);
  let previousId = -1;
  return value.map((raw: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(raw)) fail(at, 'a tick object', raw);
    const id = raw.tick_id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 0) fail(`${at}.tick_id`, 'a non-negative integer', id);
    if (id <= previousId) throw new InteractionInputError(`${at}.tick_id must be greater than the previous tick's (${previousId}), got ${id}`);
    previousId = id;
    return { tick_id: id, agent_chunk: parseChunk(raw.agent_chunk, `${at}.agent_chunk`), user_chunk: parseChunk(raw.user_chunk, `${at}.user_chunk`) };
  });
}

/** Validates one simulations/<id>.json object; missing or null `ticks` (a half-duplex run) gives an empty list. */
export function parseSimulation(value: unknown, path = 'simulation'): InteractionSimulation {
  if (!isObject(value)) fail(path, 'a simulation object', value);
  if (typeof value.id !== 'string' || value.id === '') fail(`${path}.id`, 'a non-empty string', value.id);
  return { id: value.id, ticks: isAbsent(value.ticks) ? [] : parseTicks(value.ticks, `${path}.ticks`) };
}

/** The run's tick length from results.json `info.audio_native_config.tick_duration_seconds`; tau2's 0.2 s default when not recorded. */
export function tickDurationFromResults(results: unknown): number {
  if (!isObject(results)) fail('results', 'an object', results);
  if (!isObject(results.info)) fail('results.info', 'an object', results.info);
  const audio = results.info.audio_native_config;
  if (isAbsent(audio)) return DEFAULT_INTERACTION_CONFIG.tickSec;
  if (!isObject(audio)) fail('results.info.audio_native_config', 'an object or null', audio);
  const tick = audio.tick_duration_seconds;
  // tau2 keeps its default when the recorded value is missing, null or 0.
  if (isAbsent(tick) || tick === 0) return DEFAULT_INTERACTION_CONFIG.tickSec;
  if (typeof tick !== 'number' || !Number.isFinite(tick) || tick <= 0) fail('results.info.audio_native_config.tick_duration_seconds', 'a positive number', tick);
  return tick;
}
