/**
 * Validation of a simulation without copying its bulk. Ticks and messages — nearly all of a file — are checked in place
 * by predicates that accept only what the zod schema in ./schema accepts, filling in the same defaults; zod checks the
 * rest. Whatever the predicates refuse is validated again by the full schema, so every fault is reported as zod words it
 * (file, record and field), and anything the predicates were too strict about still passes.
 */
import { z } from 'zod';
import { validate } from './read-json';
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

/** Sets `o[key]` to `fallback` when it is undefined (zod's `.default`); false when it is present but fails `ok`. */
function withDefault(o: Obj, key: string, ok: (v: unknown) => boolean, fallback: () => unknown): boolean {
  if (o[key] === undefined) {
    o[key] = fallback();
    return true;
  }
  return ok(o[key]);
}

const speechInsert = (v: unknown): boolean => v == null || (isObj(v) && isStr(v.text) && isStr(v.type));

function chunk(v: unknown): boolean {
  if (v == null) return true;
  if (!isObj(v) || !isText(v.content) || !withDefault(v, 'contains_speech', (b) => typeof b === 'boolean', () => true)) return false;
  const action = v.turn_taking_action;
  if (action != null && !(isObj(action) && isStr(action.action) && isText(action.info))) return false;
  const speech = v.speech_effects;
  if (speech != null && !(isObj(speech) && isBoolish(speech.dynamic_muffling_enabled) && speechInsert(speech.speech_insert))) return false;
  const source = v.source_effects;
  if (source != null && !(isObj(source) && isText(source.burst_noise_file) && speechInsert(source.speech_insert))) return false;
  return v.raw_data == null || isRecord(v.raw_data);
}

function toolCall(v: unknown): boolean {
  return (
    isObj(v) &&
    withDefault(v, 'id', isStr, () => '') &&
    isStr(v.name) &&
    withDefault(v, 'arguments', isRecord, () => ({})) &&
    withDefault(v, 'requestor', isRequestor, () => 'assistant')
  );
}

/** tau2's tool message; `idOptional` for the outer message of a multi-result tool message. */
function toolMessage(v: unknown, idOptional = false): v is Obj {
  return (
    isObj(v) &&
    (isStr(v.id) || (idOptional && v.id === undefined)) &&
    v.role === 'tool' &&
    isText(v.content) &&
    withDefault(v, 'requestor', isRequestor, () => 'assistant') &&
    withDefault(v, 'error', (b) => typeof b === 'boolean', () => false) &&
    isIntish(v.turn_idx) &&
    isText(v.timestamp)
  );
}

const listOf = (o: Obj, key: string, item: (v: unknown) => boolean): boolean =>
  withDefault(o, key, (a) => Array.isArray(a) && a.every((x) => item(x)), () => []);

function tick(v: unknown): boolean {
  return (
    isObj(v) &&
    isInt(v.tick_id) &&
    v.tick_id >= 0 &&
    chunk(v.agent_chunk) &&
    chunk(v.user_chunk) &&
    listOf(v, 'agent_tool_calls', toolCall) &&
    listOf(v, 'user_tool_calls', toolCall) &&
    listOf(v, 'agent_tool_results', toolMessage) &&
    listOf(v, 'user_tool_results', toolMessage)
  );
}

function message(v: unknown): boolean {
  if (!isObj(v)) return false;
  switch (v.role) {
    case 'system':
      return isText(v.content) && isIntish(v.turn_idx) && isText(v.timestamp);
    case 'user':
    case 'assistant':
      return (
        isText(v.content) &&
        (v.tool_calls == null || (Array.isArray(v.tool_calls) && v.tool_calls.every((c) => toolCall(c)))) &&
        isIntish(v.turn_idx) &&
        isText(v.timestamp)
      );
    case 'tool': {
      const many = v.tool_messages;
      if (many != null && !(Array.isArray(many) && many.every((m) => toolMessage(m)))) return false;
      return toolMessage(v, true) && (v.id !== undefined || Boolean(many));
    }
    default:
      return false;
  }
}

const allOk = (list: unknown, item: (v: unknown) => boolean): boolean => list == null || (Array.isArray(list) && list.every((x) => item(x)));

/** The simulation schema with ticks and messages left to the predicates above. */
const simulationShell = tau2Simulation.extend({ messages: z.array(z.unknown()).nullish(), ticks: z.array(z.unknown()).nullish() });

/** Validates one simulation record as `validate(tau2Simulation, …)` does, with the same result and the same faults. */
export function validateSimulation(raw: unknown, file: string, record: string): Tau2Simulation {
  if (isObj(raw) && allOk(raw.ticks, tick) && allOk(raw.messages, message)) {
    const shell = simulationShell.safeParse(raw);
    if (shell.success) return shell.data as Tau2Simulation;
  }
  return validate(tau2Simulation, raw, file, record);
}
