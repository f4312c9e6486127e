import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test-support/fixtures';
import { mulberry32 } from '../../stats/agreement/prng';
import { ImportError } from '../batch';
import { validate } from '../read-json';
import { tau2Simulation } from './schema';
import { validateSimulation } from './simulation-check';

const fixtureSim = JSON.parse(
  readFileSync(fixture('tau2-voice', 'experiment', 'simulations', '49b22f0c-4a56-41c5-922f-bc2a56e53a23.json'), 'utf8'),
) as { ticks: object[] };

const base = { task_id: 3, start_time: 's', end_time: 'e', duration: 1.5, termination_reason: 'user_stop' };
const call = (id: string) => ({ id, name: 'get_order', arguments: { order_id: '#W1', nested: { a: [1] } }, requestor: 'assistant' });
const result = (id: string) => ({ id, role: 'tool', content: '{"ok":1}', requestor: 'assistant', error: false, turn_idx: null, timestamp: 't' });

const insert = { text: 'um', type: 'vocal_tic' };
/** A chunk with every field the schema knows. */
const fullChunk = () => ({
  content: 'Hi',
  contains_speech: true,
  turn_taking_action: { action: 'backchannel', info: 'x' },
  speech_effects: { dynamic_muffling_enabled: true, speech_insert: { ...insert } },
  source_effects: { burst_noise_file: 'a/dog.wav', speech_insert: { ...insert } },
  raw_data: { proportional_transcript: 'Hi' },
});
const effectTicks = fixtureSim.ticks.filter((t) => JSON.stringify(t).includes('_effects":{')).slice(0, 6);

/** A full-duplex simulation: a few fixture ticks (plain and with effects) and ticks with every field, tool calls and results. */
const fullDuplex = () => ({
  ...base,
  id: 'fd',
  mode: 'full_duplex',
  ticks: [
    ...structuredClone([...fixtureSim.ticks.slice(0, 4), ...effectTicks]),
    { tick_id: 40, agent_chunk: fullChunk(), user_chunk: fullChunk(), agent_tool_calls: [call('c1'), { name: 'x' }], user_tool_calls: [call('u1')], agent_tool_results: [result('c1')], user_tool_results: [result('u1')] },
    { tick_id: 41, agent_chunk: fullChunk(), user_chunk: null, agent_tool_calls: [], user_tool_calls: [], agent_tool_results: [result('c1')], user_tool_results: [{ id: 'u', role: 'tool' }] },
  ],
});

/** A half-duplex simulation with every kind of message, a reward and a review. */
const halfDuplex = () => ({
  ...base,
  id: 'hd',
  messages: [
    { role: 'system', content: 'policy', turn_idx: 0 },
    { role: 'assistant', content: 'Hello', tool_calls: null, turn_idx: 1, timestamp: 't' },
    { role: 'user', content: null, tool_calls: [call('c2'), { name: 'y', arguments: {} }], turn_idx: 2 },
    { role: 'tool', id: 'c2', content: 'done', turn_idx: 3 },
    { role: 'tool', tool_messages: [result('c3'), result('c4')], turn_idx: 4 },
  ],
  reward_info: { reward: 1, db_check: { db_match: true, db_reward: 1 }, reward_breakdown: { DB: 1 } },
  review: { has_errors: true, errors: [{ reasoning: 'r', turn_idx: 2, error_tags: ['x'] }] },
});

type Node = Record<string, unknown> | unknown[];

/** Every object and array inside `value` with its keys, for picking a place to break. */
function containers(value: unknown, out: [Node, string | number][] = []): [Node, string | number][] {
  if (Array.isArray(value)) value.forEach((v, i) => (out.push([value, i]), containers(v, out)));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push([value as Node, k]), containers(v, out);
  }
  return out;
}

const BAD_VALUES: unknown[] = [undefined, null, 'x', '', 0, -1, 1.5, Infinity, Number.MAX_SAFE_INTEGER + 2, true, false, [], {}, [1], { id: 1 }];

/** What the full schema says about `raw`: its parsed value, or the message of the first fault. */
function viaZod(raw: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: validate(tau2Simulation, raw, 'f.json', 'simulation 1') };
  } catch (err) {
    return { ok: false, message: (err as ImportError).message };
  }
}

describe('validateSimulation', () => {
  it('gives what the zod schema gives on valid simulations, defaults included', () => {
    for (const make of [fullDuplex, halfDuplex]) {
      const expected = tau2Simulation.parse(make());
      expect(tau2Simulation.parse(validateSimulation(make(), 'f.json', 'simulation 1'))).toEqual(expected);
    }
  });

  it('accepts and refuses exactly what the schema does, with its message, over 4,000 random breakages', () => {
    const rand = mulberry32(11);
    const pick = <T,>(list: readonly T[]): T => list[rand() % list.length];
    let refused = 0;
    for (let i = 0; i < 4000; i++) {
      const make = i % 2 ? fullDuplex : halfDuplex;
      const broken = make() as unknown;
      for (let n = 1 + (rand() % 2); n > 0; n--) {
        const [parent, key] = pick(containers(broken));
        const value = structuredClone(pick(BAD_VALUES));
        const target = parent as Record<string | number, unknown>;
        if (value === undefined && !Array.isArray(parent) && rand() % 2) delete target[key];
        else target[key] = value;
      }
      const expected = viaZod(structuredClone(broken));
      let got: { ok: true; value: unknown } | { ok: false; message: string };
      try {
        got = { ok: true, value: tau2Simulation.parse(validateSimulation(broken, 'f.json', 'simulation 1')) };
      } catch (err) {
        expect(err).toBeInstanceOf(ImportError);
        got = { ok: false, message: (err as ImportError).message };
      }
      expect(got).toEqual(expected);
      if (!expected.ok) refused++;
    }
    expect(refused).toBeGreaterThan(1000);
    expect(refused).toBeLessThan(3500);
  });

  it('leaves tool arguments with an own __proto__ key to zod, which drops the key', () => {
    const sim = halfDuplex();
    (sim.messages[2].tool_calls as { arguments: object }[])[1].arguments = JSON.parse('{"__proto__": {"a": 1}, "b": 2}');
    const out = validateSimulation(sim, 'f.json', 'simulation 1').messages![2] as { tool_calls: { arguments: object }[] };
    expect(Object.hasOwn(out.tool_calls[1].arguments, '__proto__')).toBe(false);
    expect(out.tool_calls[1].arguments).toEqual({ b: 2 });
  });
});
