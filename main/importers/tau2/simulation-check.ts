/**
 * Validation of a simulation without copying its bulk. Ticks and messages — nearly all of a file — are checked in place
 * by predicates that accept only what the zod schema in ./schema accepts, filling in the same defaults; zod checks the
 * rest. Whatever the predicates refuse is validated again by the full schema, so every fault is reported as zod words it
 * (file, record and field), and anything the predicates were too strict about still passes. The predicates read each
 * field by name (no keyed lookups, no closures per call) and add no property a tick lacks: they run for every tick.
 */
import { z } from 'zod';
import { validate } from '../read-json';
import { tau2Simulation, type Tau2Simulation } from './schema';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isText = (v: unknown): boolean => v == null || typeof v === 'string';
const isIntish = (v: unknown): boolean => v == null || isInt(v);
const isBoolish = (v: unknown): boolean => v == null || typeof v === 'boolean';
const isRequestor = (v: unknown): boolean => v === 'user' || v === 'assistant';
/** A zod record: an object; one with an own `__proto__` key is left to zod, which drops that key. */
const isRecord = (v: unknown): v is Obj => isObj(v) && !Object.hasOwn(v, '__proto__');

const speechInsert = (v: unknown): boolean => v == null || (isObj(v) && isStr(v.text) && isStr(v.type));

function chunk(v: unknown): boolean {
  if (v == null) return true;
  if (!isObj(v) || !isText(v.content)) return false;
  if (v.contains_speech === undefined) v.contains_speech = true;
  else if (typeof v.contains_speech !== 'boolean') return false;
  const action = v.turn_taking_action;
  if (action != null && !(isObj(action) && isStr(action.action) && isText(action.info))) return false;
  const speech = v.speech_effects;
  if (speech != null && !(isObj(speech) && isBoolish(speech.dynamic_muffling_enabled) && speechInsert(speech.speech_insert))) return false;
  const source = v.source_effects;
  if (source != null && !(isObj(source) && isText(source.burst_noise_file) && speechInsert(source.speech_insert))) return false;
  return v.raw_data == null || isRecord(v.raw_data);
}

function toolCall(v: unknown): boolean {
  if (!isObj(v) || !isStr(v.name)) return false;
  if (v.id === undefined) v.id = '';
  else if (!isStr(v.id)) return false;
  if (v.arguments === undefined) v.arguments = {};
  else if (!isRecord(v.arguments)) return false;
  if (v.requestor === undefined) v.requestor = 'assistant';
  else if (!isRequestor(v.requestor)) return false;
  return true;
}

/** tau2's tool message; `idOptional` for the outer message of a multi-result tool message. */
function toolMessage(v: unknown, idOptional = false): boolean {
  if (!isObj(v) || !(isStr(v.id) || (idOptional && v.id === undefined)) || v.role !== 'tool') return false;
  if (!isText(v.content) || !isIntish(v.turn_idx) || !isText(v.timestamp)) return false;
  if (v.requestor === undefined) v.requestor = 'assistant';
  else if (!isRequestor(v.requestor)) return false;
  if (v.error === undefined) v.error = false;
  else if (typeof v.error !== 'boolean') return false;
  return true;
}

function allToolCalls(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (const c of list) if (!toolCall(c)) return false;
  return true;
}

function allToolMessages(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (const m of list) if (!toolMessage(m)) return false;
  return true;
}

function tick(v: unknown): boolean {
  if (!isObj(v) || !isInt(v.tick_id) || v.tick_id < 0 || !chunk(v.agent_chunk) || !chunk(v.user_chunk)) return false;
  return (
    (v.agent_tool_calls === undefined || allToolCalls(v.agent_tool_calls)) &&
    (v.user_tool_calls === undefined || allToolCalls(v.user_tool_calls)) &&
    (v.agent_tool_results === undefined || allToolMessages(v.agent_tool_results)) &&
    (v.user_tool_results === undefined || allToolMessages(v.user_tool_results))
  );
}

function message(v: unknown): boolean {
  if (!isObj(v)) return false;
  switch (v.role) {
    case 'system':
      return isText(v.content) && isIntish(v.turn_idx) && isText(v.timestamp);
    case 'user':
    case 'assistant':
      return isText(v.content) && (v.tool_calls == null || allToolCalls(v.tool_calls)) && isIntish(v.turn_idx) && isText(v.timestamp);
    case 'tool': {
      const many = v.tool_messages;
      if (many != null && !allToolMessages(many)) return false;
      return toolMessage(v, true) && (v.id !== undefined || Boolean(many));
    }
    default:
      return false;
  }
}

function all(list: unknown, item: (v: unknown) => boolean): boolean {
  if (list == null) return true;
  if (!Array.isArray(list)) return false;
  for (const x of list) if (!item(x)) return false;
  return true;
}

/** The simulation schema with ticks and messages left to the predicates above. */
const simulationShell = tau2Simulation.extend({ messages: z.array(z.unknown()).nullish(), ticks: z.array(z.unknown()).nullish() });

/** Validates one simulation record as `validate(tau2Simulation, …)` does, with the same result and the same faults. */
export function validateSimulation(raw: unknown, file: string, record: string): Tau2Simulation {
  if (isObj(raw) && all(raw.ticks, tick) && all(raw.messages, message)) {
    const shell = simulationShell.safeParse(raw);
    if (shell.success) return shell.data as Tau2Simulation;
  }
  return validate(tau2Simulation, raw, file, record);
}
