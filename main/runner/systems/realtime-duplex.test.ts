/**
 * Full-duplex Realtime through the real `ws` client against the local server, which detects speech in the streamed
 * PCM itself and answers `responseDelayMs` after the caller's speech ends: figures measured from the recording.
 * Client and server run at 0.4× real time on the same clock, so the recording's milliseconds are the server's and
 * scheduling jitter of a loaded machine shrinks by that factor on the recording.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeText } from '../../../test-support/openai-server/fsk';
import { fakeSystem } from '../../../test-support/openai-server/fixtures';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test-support/openai-server/server';
import { ConfigError, parseConfig } from '../../llm/config';
import { RUN_RATE } from '../audio/pcm';
import { measureDuplex } from '../duplex-measure';
import { realtimeConfig } from './config';
import type { CallerStep } from './duplex';
import { realtimeSystem } from './realtime';
import { sessionUpdate } from './realtime-socket';

const DELAY_MS = 300;
const CHUNK_MS = 20;
const PACE = 0.4;
const SLOW = 10_000;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ responseDelayMs: DELAY_MS, chunkMs: 50, clockRate: PACE });
});
afterAll(() => fake.close());

const DOC = 'The museum opens at nine. Tickets cost twelve dollars for adults.';
const duplex = { pace: PACE, chunkMs: CHUNK_MS, turnDetection: { type: 'server_vad', silenceDurationMs: 200 } };
const config = (extra: Record<string, unknown> = {}) =>
  parseConfig(realtimeConfig, fakeSystem('realtime', fake.baseUrl, { ...duplex, ...extra }), 'test');
const open = () =>
  realtimeSystem(config()).openDuplex!({
    instructions: `Answer from the document.\n\nDocument:\n\n${DOC}`,
    contextItem: null,
    apiKey: fake.apiKey,
    signal: new AbortController().signal,
  });
const speak = (text: string, interruptAtMs: number | null = null): CallerStep => ({
  kind: 'speak',
  text,
  pcm: encodeText(text),
  interruptAtMs,
});

describe('full-duplex Realtime', () => {
  it(
    'lets the server decide the turn; FTED measured on the recording is the server’s scripted delay',
    async () => {
      const session = await open();
      const call = await session.call([speak('How much do tickets cost?')]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      session.close();
      const log = fake.realtimeSessions.at(-1)!;
      expect(log).not.toContain('input_audio_buffer.commit');
      expect(log).not.toContain('response.create');
      const types = call.events.map((e) => e.type);
      expect(types).toEqual(
        expect.arrayContaining([
          'input_audio_buffer.speech_started',
          'input_audio_buffer.speech_stopped',
          'input_audio_buffer.committed',
          'response.created',
          'response.done',
        ]),
      );
      expect(call.heard).toEqual(['How much do tickets cost?']);
      expect(call.replies.map((r) => r.text)).toEqual(['Tickets cost twelve dollars for adults.']);
      const figures = measureDuplex(call.lanes, RUN_RATE, call.callerTurns);
      // The caller's 25 bytes of tones last 500 ms from 0; the agent starts DELAY_MS after they end.
      expect(figures.speechEndMs[0]).toBeCloseTo(500, 0);
      expect(Math.abs(figures.ftedMs[0]! - DELAY_MS)).toBeLessThanOrEqual(20);
      expect(figures.interruptions).toEqual([]);
      // Audio streamed at real-time pace, silence included: one append per 20 ms of the recording.
      const appends = log.filter((t) => t === 'input_audio_buffer.append').length;
      expect(appends).toBe(Math.round((call.lanes[0].length / RUN_RATE) * 1000) / CHUNK_MS);
    },
    SLOW,
  );

  it(
    'records a scripted barge-in: the agent is truncated at what had played, and it is measured',
    async () => {
      const before = fake.realtimeTruncations.length;
      const session = await open();
      const call = await session.call([speak('How much do tickets cost?'), speak('When does the museum open?', 300)]);
      session.close();
      const [first, second] = call.replies;
      expect(call.bargeIns).toHaveLength(1);
      const truncations = fake.realtimeTruncations.slice(before);
      expect(truncations).toEqual([{ itemId: first.itemId, audioEndMs: call.bargeIns[0].audioEndMs }]);
      // The caller starts 300 ms into the reply; the server hears it within the chunk, and the client cuts there.
      expect(Math.abs(truncations[0].audioEndMs - 300)).toBeLessThanOrEqual(CHUNK_MS + 5);
      expect(first.truncatedAtMs).toBe(truncations[0].audioEndMs);
      expect(first.endMs - first.startMs).toBeCloseTo(truncations[0].audioEndMs, -1);
      expect(second.text).toBe('The museum opens at nine.');
      expect(call.callerTurns[1].startMs - first.startMs).toBeCloseTo(300, -1);

      const figures = measureDuplex(call.lanes, RUN_RATE, call.callerTurns);
      expect(figures.interruptions).toHaveLength(1);
      const cut = figures.interruptions[0];
      expect(cut.by).toBe('user');
      expect(Math.abs(cut.atMs - (figures.agent[0].startMs + 300))).toBeLessThanOrEqual(2);
      expect(cut.yieldMs).toBeLessThanOrEqual(CHUNK_MS + 5);
      expect(figures.overlaps).toHaveLength(1);
      expect(figures.overlapMs).toBeCloseTo(cut.yieldMs, 3);
      for (const fted of figures.ftedMs) expect(Math.abs(fted! - DELAY_MS)).toBeLessThanOrEqual(20);
    },
    SLOW,
  );

  it('configures the server’s detector in session.update (GA and beta shapes)', () => {
    const semantic = { type: 'semantic_vad', eagerness: 'high' };
    const wire = { type: 'semantic_vad', eagerness: 'high', create_response: true, interrupt_response: true };
    const ga = config({ turnDetection: semantic });
    expect((sessionUpdate(ga, 'x', ga.turnDetection).session as { audio: { input: unknown } }).audio.input).toEqual({
      format: { type: 'audio/pcm', rate: RUN_RATE },
      turn_detection: wire,
    });
    const beta = config({ turnDetection: semantic, protocol: 'beta' });
    expect(
      (sessionUpdate(beta, 'x', beta.turnDetection).session as { turn_detection: unknown }).turn_detection,
    ).toEqual(wire);
  });

  it('refuses full duplex faster than real time, and chunks outside 20–100 ms', () => {
    const faster = 'test: pace: full duplex streams in real time: pace must be 1 (or less)';
    expect(() => config({ pace: 'max' })).toThrow(new ConfigError(faster));
    expect(() => config({ pace: 2 })).toThrow(new ConfigError(faster));
    expect(() => config({ turnDetection: null, pace: 0.5 })).toThrow(new ConfigError('test: pace: must be 1 or more'));
    expect(() => config({ chunkMs: 200 })).toThrow(
      new ConfigError('test: chunkMs: full duplex streams 20–100 ms chunks'),
    );
  });
});
