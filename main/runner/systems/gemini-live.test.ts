/** The Gemini Live client against the local server speaking the BidiGenerateContent protocol over `ws`, with faults. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeText } from '../../../test-support/openai-server/fsk';
import { fakeGeminiSystem } from '../../../test-support/gemini-server/fixtures';
import { startFakeGemini, type FakeGemini } from '../../../test-support/gemini-server/server';
import { TransientError } from '../../llm/retry';
import { loadSystemConfig, type GeminiLiveConfig } from './config';
import { geminiLiveUrl } from './gemini-live-config';
import { geminiLiveSystem } from './gemini-live';

let fake: FakeGemini;
let textFrames: FakeGemini;
beforeAll(async () => {
  [fake, textFrames] = await Promise.all([
    startFakeGemini({ firstAudioDelayMs: 40, chunkMs: 50 }),
    startFakeGemini({ frames: 'text', chunkMs: 50 }),
  ]);
});
afterAll(() => Promise.all([fake.close(), textFrames.close()]));

const DOC = 'The museum opens at nine. Tickets cost twelve dollars for adults.';
const QUESTION = 'How much do tickets cost?';
const ANSWER = 'Tickets cost twelve dollars for adults.';
const configAt = (server: FakeGemini, extra: Record<string, unknown> = {}) =>
  loadSystemConfig(fakeGeminiSystem(server.baseUrl, extra)) as GeminiLiveConfig;
const open = (
  extra: Record<string, unknown> = {},
  server = fake,
  contextItem: string | null = null,
  key = server.apiKey,
) =>
  geminiLiveSystem(configAt(server, extra)).open({
    instructions: contextItem ? 'Answer from the document.' : `Answer from the document.\n\nDocument:\n\n${DOC}`,
    contextItem,
    apiKey: key,
    signal: new AbortController().signal,
  });
const ask = async (extra: Record<string, unknown> = {}, server = fake) => {
  const session = await open(extra, server);
  try {
    return await session.turn({ text: QUESTION, pcm: encodeText(QUESTION) });
  } finally {
    session.close();
  }
};

describe('Gemini Live system', () => {
  it('builds the BidiGenerateContent URL under a base URL, without the key', () => {
    expect(geminiLiveUrl('wss://generativelanguage.googleapis.com', 'v1beta')).toBe(
      'wss://generativelanguage.googleapis.com/ws/' +
        'google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent',
    );
    expect(geminiLiveUrl('https://example.test/', 'v1alpha')).toMatch(/^wss:\/\/example\.test\/ws\/.*v1alpha/);
  });

  it('streams 16 kHz chunks between activityStart and activityEnd; reads audio, transcripts, delay', async () => {
    const reply = await ask();
    expect(reply.text).toBe(ANSWER);
    expect(reply.heard).toBe(QUESTION);
    expect(reply.audio!.length).toBe(encodeText(ANSWER).length);
    expect(reply.firstAudioDelayMs).toBeGreaterThanOrEqual(35);
    expect(reply.responseMs).toBeGreaterThanOrEqual(reply.firstAudioDelayMs!);
    expect(reply.warnings).toEqual([]);
    const conn = fake.connections.at(-1)!;
    expect(conn.keyIn).toBe('query');
    const audio = conn.log.filter((t) => t === 'realtimeInput.audio').length;
    // 1.2 s of speech at 24 kHz becomes 16 kHz chunks of 100 ms.
    expect(audio).toBe(Math.ceil(encodeText(QUESTION).length / 2400));
    expect(conn.log).toEqual([
      'setup',
      'realtimeInput.activityStart',
      ...Array(audio).fill('realtimeInput.audio'),
      'realtimeInput.activityEnd',
    ]);
    expect(conn.setup).toMatchObject({
      model: 'models/fake-gemini-live',
      generationConfig: {
        responseModalities: ['AUDIO'],
        speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: 'Puck' } } },
      },
      systemInstruction: { parts: [{ text: expect.stringContaining(DOC) }] },
      realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
      inputAudioTranscription: {},
      outputAudioTranscription: {},
    });
  });

  it('reads text frames too, sends the key as a header when asked, gives the document as clientContent', async () => {
    const session = await open({ keyIn: 'header' }, textFrames, `Document:\n\n${DOC}`);
    const reply = await session.turn({
      text: 'When does the museum open?',
      pcm: encodeText('When does the museum open?'),
    });
    session.close();
    expect(reply.text).toBe('The museum opens at nine.');
    const conn = textFrames.connections.at(-1)!;
    expect([conn.keyIn, conn.log.slice(0, 3)]).toEqual([
      'header',
      ['setup', 'clientContent', 'realtimeInput.activityStart'],
    ]);
  });

  it('leaves turns to the server’s activity detection when asked: audio, then audioStreamEnd', async () => {
    const reply = await ask({
      activityDetection: 'automatic',
      automatic: { silenceDurationMs: 300, endSensitivity: 'high' },
    });
    expect(reply.text).toBe(ANSWER);
    const conn = fake.connections.at(-1)!;
    expect(conn.log.at(-1)).toBe('realtimeInput.audioStreamEnd');
    expect(conn.log).not.toContain('realtimeInput.activityStart');
    expect(conn.setup).toMatchObject({
      realtimeInputConfig: {
        automaticActivityDetection: {
          disabled: false,
          silenceDurationMs: 300,
          endOfSpeechSensitivity: 'END_SENSITIVITY_HIGH',
        },
      },
    });
  });

  it('keeps the audio before a scripted interruption and says so', async () => {
    fake.failTurn({ kind: 'interrupted', afterChunks: 2 });
    const reply = await ask();
    expect(reply.audio!.length).toBe(2 * 1200);
    expect(reply.text).toBe('Tickets cost');
    expect(reply.warnings).toEqual(['Gemini Live: the reply was interrupted after 100 ms of audio']);
  });

  it('survives malformed messages, noting them as warnings', async () => {
    fake.failTurn({ kind: 'malformed' });
    const reply = await ask();
    expect(reply.text).toBe(ANSWER);
    expect(reply.warnings).toEqual([
      expect.stringMatching(/^malformed Gemini Live message \(not JSON\)/),
      'malformed Gemini Live message: serverContent.turnComplete: Invalid input: expected boolean, received string',
    ]);
  });

  it('fails a turn as transient when the socket drops, closes with 1011, or goes away', async () => {
    fake.failTurn({ kind: 'drop' });
    await expect(ask()).rejects.toThrow(TransientError);
    fake.failTurn({ kind: 'close', code: 1011, reason: 'Internal error encountered.' });
    await expect(ask()).rejects.toThrow(
      new TransientError('Gemini Live socket closed (code 1011: Internal error encountered.)'),
    );
    fake.failTurn({ kind: 'goAway' });
    await expect(ask()).rejects.toThrow(new TransientError('Gemini Live socket closed (code 1000)'));
  });

  it('retries a 429 handshake after the server’s retry-after', async () => {
    const before = fake.connections.length;
    fake.failHandshake({ status: 429, retryAfterMs: 30, times: 2 });
    const retries: string[] = [];
    const session = await geminiLiveSystem(configAt(fake)).open({
      instructions: DOC,
      contextItem: null,
      apiKey: fake.apiKey,
      signal: new AbortController().signal,
      onRetry: (m) => retries.push(m),
    });
    session.close();
    expect(fake.connections.length - before).toBe(3);
    expect(retries).toEqual([
      'Gemini Live connect: Gemini Live handshake: HTTP 429; retry 1 in 30 ms',
      'Gemini Live connect: Gemini Live handshake: HTTP 429; retry 2 in 30 ms',
    ]);
  });

  it('does not retry a refused key: the service’s 1007 close is final', async () => {
    const err = await open({}, fake, null, 'AIza-wrong-key-0123456789').catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(TransientError);
    expect((err as Error).message).toBe(
      'Gemini Live socket closed (code 1007: API key not valid. Please pass a valid API key.)',
    );
  });

  it('names no key in a failed connection’s error, though the key travels in the URL query', async () => {
    const closed = await startFakeGemini();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const key = 'AIza-secret-in-query-0123456789';
    const system = geminiLiveSystem(loadSystemConfig(fakeGeminiSystem(baseUrl, { retries: 1 })) as GeminiLiveConfig);
    const retries: string[] = [];
    const signal = new AbortController().signal;
    const err = await system
      .open({ instructions: '', contextItem: null, apiKey: key, signal, onRetry: (m) => retries.push(m) })
      .catch((e: Error) => e);
    expect((err as Error).message).toMatch(/^Gemini Live connection failed: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    expect(retries).toHaveLength(1);
    for (const text of [(err as Error).message, (err as Error).stack ?? '', ...retries])
      expect(text).not.toContain(key);
  });
});
