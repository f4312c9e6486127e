import { describe, expect, it } from 'vitest';
import { InteractionInputError, parseSimulation, parseTicks, tickDurationFromResults } from './parse-input';

const tick = (over: Record<string, unknown> = {}) => ({
  tick_id: 0,
  timestamp: '2026-01-01T00:00:00',
  agent_chunk: { role: 'assistant', contains_speech: true, turn_taking_action: null, speech_effects: null, source_effects: null },
  user_chunk: {
    role: 'user',
    contains_speech: false,
    turn_taking_action: { action: 'wait', info: 'x' },
    speech_effects: { dynamic_muffling_enabled: true, speech_insert: null },
    source_effects: { burst_noise_file: '/home/x/noise.wav', speech_insert: { text: 'Hold on.', type: 'non_directed_phrase' } },
  },
  ...over,
});

describe('parseTicks', () => {
  it('keeps what the metrics need and drops the rest', () => {
    expect(parseTicks([tick()])).toEqual([
      {
        tick_id: 0,
        agent_chunk: { contains_speech: true, turn_taking_action: null, speech_effects: null, source_effects: null },
        user_chunk: {
          contains_speech: false,
          turn_taking_action: { action: 'wait' },
          speech_effects: { speech_insert: null },
          source_effects: { speech_insert: { text: 'Hold on.', type: 'non_directed_phrase' } },
        },
      },
    ]);
  });

  it('treats a missing chunk as silence and a missing contains_speech as true (tau2 model default)', () => {
    const [parsed] = parseTicks([{ tick_id: 3, user_chunk: { role: 'user' } }]);
    expect(parsed.agent_chunk).toBeNull();
    expect(parsed.user_chunk?.contains_speech).toBe(true);
  });

  it('names the offending path', () => {
    expect(() => parseTicks({})).toThrow('ticks must be an array of ticks, got object [object Object]');
    expect(() => parseTicks([tick(), tick({ tick_id: 1, user_chunk: { contains_speech: 'yes' } })])).toThrow(
      'ticks[1].user_chunk.contains_speech must be a boolean, got the string "yes"',
    );
    expect(() => parseTicks([tick({ tick_id: 1.5 })])).toThrow('ticks[0].tick_id must be a non-negative integer, got number 1.5');
    expect(() => parseTicks([tick({ agent_chunk: { turn_taking_action: { info: 'x' } } })])).toThrow(
      'ticks[0].agent_chunk.turn_taking_action.action must be a string, got undefined undefined',
    );
    expect(() => parseTicks([tick({ user_chunk: { speech_effects: { speech_insert: { text: 'um', type: 'cough' } } } })])).toThrow(
      'ticks[0].user_chunk.speech_effects.speech_insert.type must be "vocal_tic" or "non_directed_phrase", got the string "cough"',
    );
    expect(() => parseTicks([tick()], 'sim.ticks')).not.toThrow();
  });

  it('requires strictly increasing tick ids', () => {
    expect(() => parseTicks([tick({ tick_id: 4 }), tick({ tick_id: 4 })])).toThrow(InteractionInputError);
    expect(() => parseTicks([tick({ tick_id: 4 }), tick({ tick_id: 4 })])).toThrow("ticks[1].tick_id must be greater than the previous tick's (4), got 4");
  });
});

describe('parseSimulation', () => {
  it('reads id and ticks; a half-duplex simulation has no ticks', () => {
    expect(parseSimulation({ id: 'abc', ticks: [tick()] }).ticks).toHaveLength(1);
    expect(parseSimulation({ id: 'abc', messages: [] })).toEqual({ id: 'abc', ticks: [] });
    expect(() => parseSimulation({ ticks: [] }, 'sim.json')).toThrow('sim.json.id must be a non-empty string, got undefined undefined');
    expect(() => parseSimulation({ id: 'x', ticks: [{ tick_id: -1 }] }, 's')).toThrow('s.ticks[0].tick_id must be a non-negative integer');
  });
});

describe('tickDurationFromResults', () => {
  it('reads info.audio_native_config.tick_duration_seconds', () => {
    expect(tickDurationFromResults({ info: { audio_native_config: { tick_duration_seconds: 0.05 } } })).toBe(0.05);
  });

  it("falls back to tau2's 0.2 s when the run did not record it", () => {
    expect(tickDurationFromResults({ info: { audio_native_config: null } })).toBe(0.2);
    expect(tickDurationFromResults({ info: {} })).toBe(0.2);
    expect(tickDurationFromResults({ info: { audio_native_config: { tick_duration_seconds: 0 } } })).toBe(0.2);
  });

  it('rejects malformed values', () => {
    expect(() => tickDurationFromResults({})).toThrow('results.info must be an object, got undefined undefined');
    expect(() => tickDurationFromResults({ info: { audio_native_config: { tick_duration_seconds: '0.2' } } })).toThrow(
      'results.info.audio_native_config.tick_duration_seconds must be a positive number, got the string "0.2"',
    );
    expect(() => tickDurationFromResults({ info: { audio_native_config: { tick_duration_seconds: -1 } } })).toThrow(InteractionInputError);
  });
});
