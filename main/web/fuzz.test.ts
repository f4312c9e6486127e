import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { startWebHost, type WebHost } from './server';

/**
 * Malformed request lines, targets, headers and percent-encodings, sent over raw TCP to a real host: each must be
 * answered with a status line (4xx where the request is malformed or carries no token, never 5xx), and the host must
 * still serve a good request afterwards.
 */

let t: TempServices;
let host: WebHost;

beforeAll(async () => {
  t = await tempServices();
  const rendererDir = join(t.dir, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Earshot</title>');
  t.services.paths.rendererDir = rendererDir;
  host = await startWebHost(t.services);
});
afterAll(async () => {
  await host.close();
  t.cleanup();
});

/** A request to send and what its answer must be: a client error, or any answer that is not a server error. */
interface Probe {
  bytes: string;
  expect: 'client-error' | 'answered';
}

/** A small seeded generator, so that a failing probe is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

const TARGETS = [
  'http://[', 'http://[::1', 'http://[::1]/', 'http://', 'http://:0/', 'http://a:99999/', 'http://user:pw@x/', '//',
  '///', '*', '?', '#', '/?token', '/?token=', '/?token=%ff', '/?token=%', '/%', '/%f', '/%ff', '/%zz', '/%c0%af',
  '/%ed%a0%80',
  '/%f0%9f', '/%00', '/..', '/../../etc/passwd', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e', '/media/', '/media/-1',
  '/media/1e400', `/media/${'9'.repeat(400)}`, '/media/%31', '/media/1/', '/ws', '/ws?token=%ff', 'x', 'a:b',
  'mailto:x',
  `/${'a'.repeat(20_000)}`, 'javascript:alert(1)', 'file:///etc/passwd', '\\\\', '/\\..\\..',
];
const METHODS = [
  'GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT', 'PRI', 'get', 'G ET', 'GE\x7fT', '',
  'X'.repeat(300),
];
const VERSIONS = [
  'HTTP/1.1', 'HTTP/1.0', 'HTTP/0.9', 'HTTP/2.0', 'HTTP/1', 'http/1.1', 'HTTP/1.1 x', 'HTTP/1.1\x00', '',
];
const HEADERS = [
  'Host:', 'Host: evil.example', 'Host: 127.0.0.1:1', 'Host: [', 'Origin: null', 'Origin: http://127.0.0.1:1',
  'Origin: http://[', 'X: \x00', 'X : y', ' folded: line', 'no-colon', ':', 'X\x7f: y', 'Content-Length: -1',
  'Content-Length: 1, 2', 'Content-Length: 99999999999999999999', 'Transfer-Encoding: gzip, chunked, x',
  'Transfer-Encoding: chunked\r\nContent-Length: 3', 'Range: bytes=', 'Range: bytes=-0', 'Range: bytes=9-1',
  `Range: bytes=${'9'.repeat(400)}-`, 'Range: bytes=0-1,2-3', 'Range: items=0-1', 'Cookie: ', 'Cookie: ;;;;',
  'Cookie: =', 'Cookie: earshot_token=x', 'Cookie: %ff=%ff', `Cookie: ${'a=b; '.repeat(2000)}`,
  'Sec-Fetch-Site: cross-site',
  'Sec-Fetch-Site: same-site', 'Sec-Fetch-Site: \x01', 'Upgrade: websocket\r\nConnection: Upgrade',
  'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: x',
  'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 99\r\nSec-WebSocket-Key: dGhlIHNhbXBsZQ==',
  'Upgrade: h2c\r\nConnection: Upgrade', `X-Big: ${'b'.repeat(20_000)}`, 'Expect: 100-continue', 'Expect: nonsense',
];
const PATH_CHARS = 'abcAZ09-._~!$&\'()*+,;=:@/';
const HEX = '0123456789abcdefABCDEFgz';

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)];
}

/** A path of plain characters and percent-escapes, some of them malformed or not UTF-8. */
function percentPath(rnd: () => number): string {
  let path = '/';
  for (let n = 1 + Math.floor(rnd() * 12); n > 0; n--) {
    const r = rnd();
    if (r < 0.4) path += pick(rnd, [...PATH_CHARS]);
    else if (r < 0.9) path += `%${pick(rnd, [...HEX])}${pick(rnd, [...HEX])}`;
    else path += pick(rnd, ['%', '%e2%82', '%e2%82%ac', '%f4%90%80%80', '%c3', '%c3%a9']);
  }
  return path;
}

/** Whether the host's path decoding accepts `target`: a path that does not decode is a malformed request (400). */
function decodes(target: string): boolean {
  try {
    decodeURIComponent(new URL(target, 'http://127.0.0.1').pathname);
    return true;
  } catch {
    return false;
  }
}

/** A few thousand probes of four kinds: request lines, targets, headers and percent-encodings. */
function probes(count: number): Probe[] {
  const rnd = random(20_260_102);
  const hostHeader = `Host: 127.0.0.1:${host.port}`;
  const cookie = `Cookie: ${host.cookieName}=${host.token}`;
  const out: Probe[] = [];
  for (let i = 0; i < count; i++) {
    const withCookie = rnd() < 0.5;
    const head = withCookie ? [hostHeader, cookie, 'Connection: close'] : [hostHeader, 'Connection: close'];
    switch (i % 4) {
      case 0: {
        const line = `${pick(rnd, METHODS)} ${pick(rnd, ['/', ...TARGETS])} ${pick(rnd, VERSIONS)}`;
        const expect = withCookie ? 'answered' : 'client-error';
        out.push({ bytes: `${line}\r\n${head.join('\r\n')}\r\n\r\n`, expect });
        break;
      }
      case 1: {
        const target = pick(rnd, TARGETS);
        const malformed = target === 'http://[' || target === 'http://[::1' || !decodes(target);
        const expect = withCookie && !malformed ? 'answered' : 'client-error';
        out.push({ bytes: `GET ${target} HTTP/1.1\r\n${head.join('\r\n')}\r\n\r\n`, expect });
        break;
      }
      case 2: {
        const extra = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, HEADERS));
        const bytes = `GET / HTTP/1.1\r\n${[...extra, ...head].join('\r\n')}\r\n\r\n`;
        out.push({ bytes, expect: withCookie ? 'answered' : 'client-error' });
        break;
      }
      default: {
        const target = percentPath(rnd);
        const expect = decodes(target) && withCookie ? 'answered' : 'client-error';
        out.push({ bytes: `GET ${target} HTTP/1.1\r\n${head.join('\r\n')}\r\n\r\n`, expect });
      }
    }
  }
  return out;
}

/** The final (not 1xx) status line in what a connection received so far, or null. */
function finalStatus(received: string): string | null {
  for (const m of received.matchAll(/(?:^|\r\n)(HTTP\/1\.1 (\d{3}) [^\r]*)\r\n/g)) {
    if (!m[2].startsWith('1')) return m[1];
  }
  return null;
}

/**
 * Sends one probe on its own connection, without half-closing it (node:http would then drop a streamed answer), and
 * resolves with the answer's final status line, or with whatever came ('' for nothing) when the connection ended.
 */
function send(bytes: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(host.port, '127.0.0.1');
    let got = '';
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(finalStatus(got) ?? got.split('\r\n')[0]);
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', (d) => {
      got += d.toString('latin1');
      if (finalStatus(got)) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(Buffer.from(bytes, 'latin1'));
  });
}

function verdict(probe: Probe, statusLine: string): string | null {
  const m = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
  if (!m) return `no status line (${JSON.stringify(statusLine)})`;
  const status = Number(m[1]);
  if (status >= 500) return `server error ${status}`;
  if (probe.expect === 'client-error' && (status < 400 || status > 499)) return `status ${status}, expected 4xx`;
  return null;
}

describe('the web host under malformed requests', () => {
  it('answers 3,000 malformed requests with a status line (4xx if malformed or tokenless) and stays up', async () => {
    const all = probes(3000);
    const failures: string[] = [];
    for (let i = 0; i < all.length; i += 50) {
      const batch = all.slice(i, i + 50);
      const lines = await Promise.all(batch.map((p) => send(p.bytes, 5_000)));
      batch.forEach((p, k) => {
        const why = verdict(p, lines[k]);
        if (why) failures.push(`${why}: ${JSON.stringify(p.bytes.slice(0, 160))}`);
      });
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(host.server.listening).toBe(true);
    const good = await fetch(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('<title>Earshot</title>');
  }, 60_000);

  it('answers a CONNECT with 405 instead of dropping the connection', async () => {
    expect(await send(`CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\n\r\n`, 5_000)).toBe(
      'HTTP/1.1 405 Method Not Allowed',
    );
  });
});
