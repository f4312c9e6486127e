import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFakeOpenAi, type FakeOpenAi } from './server';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});

afterAll(async () => {
  await fake.close();
});

const chat = (signal?: AbortSignal) =>
  fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hello' }] }),
    signal,
  });

describe('holding requests at the fake server', () => {
  it('answers held requests only once released, oldest first, and holds none after a full release', async () => {
    fake.hold('chat');
    const order: number[] = [];
    const first = chat().then((r) => (order.push(1), r.status));
    const second = chat().then((r) => (order.push(2), r.status));
    await fake.waitHeld(2, 'chat');
    expect(order).toEqual([]);
    fake.release(1);
    await expect(first).resolves.toBe(200);
    expect(fake.held()).toBe(1);
    fake.release();
    await expect(second).resolves.toBe(200);
    expect(order).toEqual([1, 2]);
    await expect(chat().then((r) => r.status)).resolves.toBe(200); // no longer held
  });

  it('lets a held Realtime handshake leave the queue when its client gives up', async () => {
    fake.hold('realtime');
    const sessions = fake.realtimeSessions.length;
    const ws = new WebSocket(`${fake.baseUrl.replace('http', 'ws')}/realtime?model=m`, {
      headers: { authorization: `Bearer ${fake.apiKey}` },
    });
    ws.on('error', () => undefined);
    await fake.waitHeld(1, 'realtime');
    ws.terminate();
    await expect.poll(() => fake.held('realtime')).toBe(0);
    fake.release();
    expect(fake.realtimeSessions.length).toBe(sessions);
  });

  it('drops a held request that was aborted instead of answering it', async () => {
    fake.hold('chat');
    const abort = new AbortController();
    const given = chat(abort.signal).catch((err: Error) => err.name);
    await fake.waitHeld(1, 'chat');
    abort.abort();
    await expect(given).resolves.toBe('AbortError');
    await expect.poll(() => fake.held('chat')).toBe(0);
    fake.release();
  });
});
