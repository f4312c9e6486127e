import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
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

/** Sends raw bytes to the host and resolves with the first line of its answer ('' when it closed without one). */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const c = connect(host.port, '127.0.0.1');
    let got = '';
    c.on('data', (d) => (got += d.toString('latin1')));
    c.on('error', () => {});
    c.on('close', () => resolve(got.split('\r\n')[0]));
    c.write(bytes);
  });
}

const cookieOf = (h: WebHost) => `${h.cookieName}=${h.token}`;

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

  it('answers 403 to a Host other than its own even with the token (a DNS-rebound name)', async () => {
    const request = (name: string) =>
      `GET /?token=${host.token} HTTP/1.1\r\nHost: ${name}\r\nConnection: close\r\n\r\n`;
    expect(await raw(request(`rebound.example:${host.port}`))).toBe('HTTP/1.1 403 Forbidden');
    expect(await raw(request(`127.0.0.1:${host.port + 1}`))).toBe('HTTP/1.1 403 Forbidden');
    expect(await raw(request(`localhost:${host.port}`))).toBe('HTTP/1.1 200 OK');
  });

  it('answers 400 to a target that is no URL, with or without the token, and keeps serving', async () => {
    const head = `Host: 127.0.0.1:${host.port}\r\nConnection: close`;
    expect(await raw(`GET http://[ HTTP/1.1\r\n${head}\r\n\r\n`)).toBe('HTTP/1.1 400 Bad Request');
    const withCookie = `GET /// HTTP/1.1\r\n${head}\r\nCookie: ${cookieOf(host)}\r\n\r\n`;
    expect(await raw(withCookie)).toBe('HTTP/1.1 400 Bad Request');
    const upgrade = `GET http://[ HTTP/1.1\r\n${head}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n`;
    expect(await raw(upgrade)).toBe('HTTP/1.1 400 Bad Request');
    expect((await fetch(host.url)).status).toBe(200);
  });

  it('answers 400 to a path whose percent-encoding is malformed, and keeps serving', async () => {
    for (const path of ['/%ff', '/%', '/a%zz', '/%c0%af', '/%ed%a0%80']) {
      const res = await fetch(`${base}${path}`, { headers: { Cookie: cookieOf(host) } });
      expect([path, res.status]).toEqual([path, 400]);
    }
    expect((await fetch(`${base}/%41`, { headers: { Cookie: cookieOf(host) } })).status).toBe(200);
  });

  it("names the cookie by port, so two studios in one browser keep their own and ignore each other's", async () => {
    const other = await startWebHost(t.services);
    try {
      const set = (await fetch(host.url)).headers.get('set-cookie')!;
      expect(set.split(';')[0]).toBe(`earshot_token_${host.port}=${host.token}`);
      expect(set).toMatch(/HttpOnly; SameSite=Strict; Path=\//);
      // the browser sends both studios' cookies to either port: each host reads its own
      const both = `${cookieOf(other)}; ${cookieOf(host)}`;
      expect((await fetch(`${base}/media/1`, { headers: { Cookie: both } })).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${other.port}/media/1`, { headers: { Cookie: both } })).status).toBe(200);
      expect((await fetch(`${base}/media/1`, { headers: { Cookie: cookieOf(other) } })).status).toBe(401);
      expect((await fetch(`${base}/media/1`, { headers: { Cookie: `earshot_token=${host.token}` } })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('refuses the cookie on requests made by a page of another origin (another port loading /media/1)', async () => {
    const withSite = (site: string) => ({ Cookie: cookieOf(host), 'Sec-Fetch-Site': site });
    expect((await fetch(`${base}/media/1`, { headers: withSite('same-site') })).status).toBe(403);
    expect((await fetch(`${base}/media/1`, { headers: withSite('cross-site') })).status).toBe(403);
    expect((await fetch(`${base}/`, { headers: withSite('same-site') })).status).toBe(403);
    expect((await fetch(`${base}/media/1`, { headers: withSite('same-origin') })).status).toBe(200);
    expect((await fetch(`${base}/`, { headers: withSite('none') })).status).toBe(200);
    // whoever has the token itself (the printed link, opened from anywhere) is let in
    const link = await fetch(host.url, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(link.status).toBe(200);
  });

  it('sends no Referer, no sniffing and no cross-origin use on every answer, media and refusals included', async () => {
    const answers = [
      await fetch(host.url),
      await fetch(`${base}/media/1`, { headers: { Cookie: cookieOf(host) } }),
      await fetch(`${base}/media/1`, { headers: { Cookie: cookieOf(host), Range: 'bytes=0-9' } }),
      await fetch(`${base}/media/1`, { headers: { Cookie: cookieOf(host), Range: 'bytes=999999999-' } }),
      await fetch(`${base}/media/777`, { headers: { Cookie: cookieOf(host) } }),
      await fetch(`${base}/media/1`),
      await fetch(`${base}/%ff`, { headers: { Cookie: cookieOf(host) } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 206, 416, 404, 401, 400]);
    for (const r of answers) {
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
  });
});

describe('media with Range', () => {
  const auth = () => ({ Cookie: cookieOf(host) });

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

  it('answers an exchange.import over the old 1 MiB frame limit instead of closing the connection', async () => {
    const ws = await socket();
    // 600,000 characters pass the schema; JSON writes each quote as two bytes, a 1.2 MB frame
    const frame = JSON.stringify({ id: 5, method: 'exchange.import', input: { content: '"'.repeat(600_000) } });
    expect(Buffer.byteLength(frame)).toBeGreaterThan(1 << 20);
    expect(await reply(ws, frame)).toMatchObject({ id: 5, ok: false, error: { code: 'invalid_input' } });
    const after = await reply(ws, JSON.stringify({ id: 6, method: 'studies.list', input: {} }));
    expect(after).toMatchObject({ id: 6, ok: true });
    ws.close();
  });

  it('answers a frame over the call limit with bad_frame saying the limit, under its id, and stays open', async () => {
    const ws = await socket();
    const frame = JSON.stringify({ id: 7, method: 'exchange.import', input: { content: 'x'.repeat(9 << 20) } });
    const answer = await reply(ws, frame);
    expect(answer).toMatchObject({ id: 7, ok: false, error: { code: 'bad_frame' } });
    const said = `call frames are limited to 8 MiB (8388608 bytes); this one has ${Buffer.byteLength(frame)} bytes`;
    expect((answer.error as { message: string }).message).toBe(said);
    const after = await reply(ws, JSON.stringify({ id: 8, method: 'studies.list', input: {} }));
    expect(after).toMatchObject({ id: 8, ok: true });
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
