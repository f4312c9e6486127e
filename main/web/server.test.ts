import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { startWebHost, type WebHost } from './server';

let t: TempServices;
let host: WebHost;
let base: string;

beforeAll(async () => {
  t = await tempServices();
  const rendererDir = join(t.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Earshot</title>');
  t.services.paths.rendererDir = rendererDir;
  host = await startWebHost(t.services);
  base = `http://127.0.0.1:${host.port}`;
});
afterAll(async () => {
  await host.close();
  t.cleanup();
});

function socket(headers: Record<string, string> = {}, token = host.token): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${token}`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(String(res.statusCode))));
    ws.once('error', reject);
  });
}

function reply(ws: WebSocket, frame: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    ws.once('message', (data) => resolve(JSON.parse(String(data))));
    ws.send(frame);
  });
}

describe('web host access', () => {
  it('prints a 127.0.0.1 URL carrying the token', () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/\\?token=[\\w-]{20,}$`));
  });

  it('answers 401 without the token and 401 with a wrong one', async () => {
    expect((await fetch(`${base}/`)).status).toBe(401);
    expect((await fetch(`${base}/?token=wrong`)).status).toBe(401);
    expect((await fetch(`${base}/media/1`)).status).toBe(401);
  });

  it('answers 403 to a foreign Origin even with the token', async () => {
    const res = await fetch(`${base}/?token=${host.token}`, { headers: { Origin: 'http://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('serves the page with the token and sets an HttpOnly cookie that then suffices', async () => {
    const res = await fetch(`${base}/?token=${host.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    const again = await fetch(`${base}/assets/whatever.js`, { headers: { Cookie: cookie.split(';')[0] } });
    expect(again.status).toBe(200);
  });
});

describe('media with Range', () => {
  const auth = () => ({ Cookie: `earshot_token=${host.token}` });

  it('answers a Range request with 206 and exactly those bytes', async () => {
    const whole = Buffer.from(await (await fetch(`${base}/media/1`, { headers: auth() })).arrayBuffer());
    const res = await fetch(`${base}/media/1`, { headers: { ...auth(), Range: 'bytes=100-199' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(whole.subarray(100, 200));
    expect(whole.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('answers 416 past the end and 404 for an unknown asset id', async () => {
    expect((await fetch(`${base}/media/1`, { headers: { ...auth(), Range: 'bytes=999999999-' } })).status).toBe(416);
    expect((await fetch(`${base}/media/777`, { headers: auth() })).status).toBe(404);
    const traversal = await fetch(`${base}/media/..%2F..%2Fetc%2Fpasswd`, { headers: auth() });
    expect(await traversal.text()).toContain('<title>Earshot</title>');
  });
});

describe('WebSocket door', () => {
  it('refuses an upgrade without the token (401) or from a foreign origin (403)', async () => {
    await expect(socket({}, 'nope')).rejects.toThrow('401');
    await expect(socket({ Origin: 'http://evil.example' })).rejects.toThrow('403');
  });

  it('answers calls, and malformed frames with typed errors, and keeps serving', async () => {
    const ws = await socket();
    expect(await reply(ws, 'not json')).toMatchObject({ id: null, ok: false, error: { code: 'bad_frame' } });
    expect(await reply(ws, JSON.stringify({ id: 1 }))).toMatchObject({ id: 1, ok: false, error: { code: 'bad_frame' } });
    expect(await reply(ws, JSON.stringify({ id: 2, method: 'rm.rf', input: {} }))).toMatchObject({ id: 2, ok: false, error: { code: 'unknown_method' } });
    expect(await reply(ws, JSON.stringify({ id: 3, method: 'episodes.get', input: { episodeId: 0 } }))).toMatchObject({ id: 3, ok: false, error: { code: 'invalid_input' } });
    const studies = await reply(ws, JSON.stringify({ id: 4, method: 'studies.list', input: {} }));
    expect(studies).toMatchObject({ id: 4, ok: true });
    expect((studies.result as { name: string }[])[0].name).toBe('Demo study');
    ws.close();
  });

  it('pushes events to connected clients', async () => {
    const ws = await socket();
    const got = new Promise((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    t.services.events.emit('data.changed', { scope: 'studies', studyId: null });
    expect(await got).toEqual({ event: 'data.changed', payload: { scope: 'studies', studyId: null } });
    ws.close();
  });
});
