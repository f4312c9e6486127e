/** The cascade and text baseline through the real `openai` client against the local server, with 429/5xx injected. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeText } from '../../../test-support/openai-server/fsk';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test-support/openai-server/server';
import { fakeSystem } from '../../../test-support/openai-server/fixtures';
import { cascadeConfig, textConfig } from './config';
import { parseConfig } from '../../llm/config';
import { cascadeSystem } from './cascade';
import { textSystem } from './text';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ firstAudioDelayMs: 30 });
});
afterAll(() => fake.close());

const DOC = 'Document:\n\nThe pool opens at seven. Swimming lessons cost eight dollars.';
const ctx = (retries: string[] = []) => ({ instructions: 'Answer briefly.', contextItem: DOC, apiKey: fake.apiKey, signal: new AbortController().signal, onRetry: (m: string) => retries.push(m) });

describe('cascade system', () => {
  it('transcribes, answers from the document item, and speaks; first audio is the first speech chunk', async () => {
    const before = fake.requests.length;
    const session = await cascadeSystem(parseConfig(cascadeConfig, fakeSystem('cascade', fake.baseUrl), 'test')).open(ctx());
    const reply = await session.turn({ text: 'When does the pool open?', pcm: encodeText('When does the pool open?') });
    expect(reply).toMatchObject({ heard: 'When does the pool open?', text: 'The pool opens at seven.', warnings: [] });
    expect(reply.audio!.length).toBe(encodeText('The pool opens at seven.').length);
    expect(reply.firstAudioDelayMs).toBeGreaterThanOrEqual(30);
    expect(fake.requests.slice(before).map((r) => `${r.path} ${r.status} ${r.authorized}`)).toEqual([
      '/v1/audio/transcriptions 200 true',
      '/v1/chat/completions 200 true',
      '/v1/audio/speech 200 true',
    ]);
  });

  it('retries 429 and 503 with backoff, honouring retry-after-ms, then succeeds', async () => {
    fake.failHttp({ endpoint: 'transcriptions', status: 429, retryAfterMs: 20 });
    fake.failHttp({ endpoint: 'chat', status: 503 });
    fake.failHttp({ endpoint: 'speech', status: 429, retryAfterMs: 10, times: 2 });
    const retries: string[] = [];
    const session = await cascadeSystem(parseConfig(cascadeConfig, fakeSystem('cascade', fake.baseUrl), 'test')).open(ctx(retries));
    const reply = await session.turn({ text: 'How much are swimming lessons?', pcm: encodeText('How much are swimming lessons?') });
    expect(reply.text).toBe('Swimming lessons cost eight dollars.');
    expect(retries.map((r) => r.replace(/in \d+ ms/, 'in N ms'))).toEqual([
      'transcription: 429 injected 429; retry 1 in N ms',
      'chat: 503 injected 503; retry 1 in N ms',
      'speech: 429 injected 429; retry 1 in N ms',
      'speech: 429 injected 429; retry 2 in N ms',
    ]);
    expect(retries[0]).toMatch(/in 20 ms$/);
    expect(retries[2]).toMatch(/in 10 ms$/);
  });

  it('gives up after its retries', async () => {
    fake.failHttp({ endpoint: 'chat', status: 500, times: 4 });
    const session = await cascadeSystem(parseConfig(cascadeConfig, fakeSystem('cascade', fake.baseUrl), 'test')).open(ctx());
    await expect(session.turn({ text: 'x', pcm: encodeText('When does the pool open?') })).rejects.toThrow('500 injected 500');
  });
});

describe('text baseline', () => {
  it('asks the same prompt as text and keeps the conversation', async () => {
    const session = await textSystem(parseConfig(textConfig, fakeSystem('text', fake.baseUrl), 'test')).open(ctx());
    const first = await session.turn({ text: 'How much are swimming lessons?', pcm: null });
    await session.inject('Reminder: the pool closes at nine.');
    const second = await session.turn({ text: 'When does the pool close?', pcm: null });
    expect([first.text, second.text]).toEqual(['Swimming lessons cost eight dollars.', 'Reminder: the pool closes at nine.']);
    expect([first.audio, first.firstAudioDelayMs]).toEqual([null, null]);
  });
});
