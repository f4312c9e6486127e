/** The Realtime client against the local server speaking the real protocol over `ws`, with failures injected. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeText } from '../../../test-support/openai-server/fsk';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test-support/openai-server/server';
import { fakeSystem } from '../../../test-support/openai-server/fixtures';
import { TransientError } from '../../llm/retry';
import { realtimeConfig } from './config';
import { parseConfig } from '../../llm/config';
import { realtimeSystem, realtimeUrl } from './realtime';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ firstAudioDelayMs: 40, chunkMs: 50 });
});
afterAll(() => fake.close());

const DOC = 'The museum opens at nine. Tickets cost twelve dollars for adults.';
const open = (extra: Record<string, unknown> = {}, contextItem: string | null = null) =>
  realtimeSystem(parseConfig(realtimeConfig, fakeSystem('realtime', fake.baseUrl, extra), 'test')).open({
    instructions: `Answer from the document.\n\nDocument:\n\n${DOC}`,
    contextItem,
    apiKey: fake.apiKey,
    signal: new AbortController().signal,
  });

describe('Realtime system', () => {
  it('builds the wss URL with the model', () => {
    expect(realtimeUrl('https://api.openai.com/v1', 'gpt-realtime')).toBe('wss://api.openai.com/v1/realtime?model=gpt-realtime');
  });

  it('streams PCM16 chunks, commits, and collects audio, transcript and the first-audio delay (GA events)', async () => {
    const session = await open();
    const reply = await session.turn({ text: 'How much do tickets cost?', pcm: encodeText('How much do tickets cost?') });
    session.close();
    expect(reply.text).toBe('Tickets cost twelve dollars for adults.');
    expect(reply.heard).toBe('How much do tickets cost?');
    expect(reply.audio!.length).toBe(encodeText(reply.text).length);
    expect(reply.firstAudioDelayMs).toBeGreaterThanOrEqual(35);
    expect(reply.responseMs).toBeGreaterThanOrEqual(reply.firstAudioDelayMs!);
    expect(reply.warnings).toEqual([]);
    const log = fake.realtimeSessions.at(-1)!;
    expect(log[0]).toBe('session.update');
    expect(log.filter((t) => t === 'input_audio_buffer.append').length).toBeGreaterThan(3);
    expect(log.slice(-2)).toEqual(['input_audio_buffer.commit', 'response.create']);
  });

  it('speaks the beta protocol, and gives the document as a conversation item', async () => {
    const session = await realtimeSystem(parseConfig(realtimeConfig, fakeSystem('realtime', fake.baseUrl, { protocol: 'beta' }), 'test')).open({
      instructions: 'Answer from the document.',
      contextItem: `Document:\n\n${DOC}`,
      apiKey: fake.apiKey,
      signal: new AbortController().signal,
    });
    const reply = await session.turn({ text: 'When does the museum open?', pcm: encodeText('When does the museum open?') });
    session.close();
    expect(reply.text).toBe('The museum opens at nine.');
    expect(fake.realtimeSessions.at(-1)!.slice(0, 2)).toEqual(['session.update', 'conversation.item.create']);
  });

  it('paces audio in real time when asked', async () => {
    const session = await open({ pace: 4, chunkMs: 100 });
    const t0 = performance.now();
    await session.turn({ text: 'x', pcm: encodeText('Tickets please, for two adults') });
    session.close();
    expect(performance.now() - t0).toBeGreaterThanOrEqual((0.6 / 4) * 1000 - 20);
  });

  it('survives a malformed event, noting it as a warning', async () => {
    fake.failRealtime({ kind: 'malformed' });
    const session = await open();
    const reply = await session.turn({ text: 'q', pcm: encodeText('How much do tickets cost?') });
    session.close();
    expect(reply.text).toBe('Tickets cost twelve dollars for adults.');
    expect(reply.warnings).toEqual([expect.stringMatching(/^malformed event \(not JSON\)/), 'malformed response.output_audio.delta event: delta: Invalid input: expected string, received number']);
  });

  it('fails a turn with a transient error when the socket drops mid-reply', async () => {
    fake.failRealtime({ kind: 'drop' });
    const session = await open();
    await expect(session.turn({ text: 'q', pcm: encodeText('How much do tickets cost?') })).rejects.toThrow(TransientError);
    session.close();
  });

  it('fails a turn on a server error event', async () => {
    fake.failRealtime({ kind: 'error' });
    const session = await open();
    await expect(session.turn({ text: 'q', pcm: encodeText('How much do tickets cost?') })).rejects.toThrow(/realtime error: injected server error/);
    session.close();
  });

  it('retries a 429 handshake after the server’s retry-after', async () => {
    const before = fake.requests.length;
    fake.failHttp({ endpoint: 'realtime', status: 429, retryAfterMs: 30, times: 2 });
    const retries: string[] = [];
    const session = await realtimeSystem(parseConfig(realtimeConfig, fakeSystem('realtime', fake.baseUrl), 'test')).open({
      instructions: DOC,
      contextItem: null,
      apiKey: fake.apiKey,
      signal: new AbortController().signal,
      onRetry: (m) => retries.push(m),
    });
    session.close();
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/v1/realtime', '/v1/realtime', '/v1/realtime']);
    expect(retries).toEqual(['realtime connect: realtime handshake: HTTP 429; retry 1 in 30 ms', 'realtime connect: realtime handshake: HTTP 429; retry 2 in 30 ms']);
  });

  it('does not retry a refused key', async () => {
    const system = realtimeSystem(parseConfig(realtimeConfig, fakeSystem('realtime', fake.baseUrl), 'test'));
    await expect(system.open({ instructions: '', contextItem: null, apiKey: 'sk-wrong-key-123456', signal: new AbortController().signal })).rejects.toThrow('realtime handshake: HTTP 401');
  });
});
