/** app:// and earshot-media:// as Electron would call them: a recording protocol, real files, a real database. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_RANGE_BYTES } from '../audio/range';
import { getAssetFile, listEpisodeAudio } from '../db/audio';
import { listEpisodes } from '../db/episodes';
import { listStudies } from '../db/studies';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { DESKTOP_CSP } from './desktop-csp';
import { fakeProtocol } from './fake-electron';
import { handleAppProtocol, handleMediaProtocol, registerSchemes } from './protocols';

describe('scheme registration', () => {
  it('declares app and earshot-media standard and secure, media streamable, both reachable by fetch', () => {
    const p = fakeProtocol();
    registerSchemes(p.protocol);
    expect(p.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
      { scheme: 'earshot-media', privileges: { standard: true, secure: true, stream: true, supportFetchAPI: true } },
    ]);
  });
});

describe('app:// serves the built renderer', () => {
  let root: string;
  let rendererDir: string;
  const p = fakeProtocol();
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Earshot</title>',
    'assets/index-1.js': 'console.log(1)',
    'assets/index-1.css': 'body{}',
    'assets/mark.svg': '<svg/>',
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'earshot-app-protocol-'));
    rendererDir = join(root, 'dist', 'renderer');
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(rendererDir, name, '..'), { recursive: true });
      writeFileSync(join(rendererDir, name), text);
    }
    writeFileSync(join(root, 'dist', 'secret.txt'), 'not for the page');
    handleAppProtocol(p.protocol, rendererDir);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers each file with its content type and the desktop CSP', async () => {
    const expected: [string, string, string][] = [
      ['app://earshot/', 'text/html', 'index.html'],
      ['app://earshot/index.html', 'text/html', 'index.html'],
      ['app://earshot/assets/index-1.js', 'text/javascript', 'assets/index-1.js'],
      ['app://earshot/assets/index-1.css', 'text/css', 'assets/index-1.css'],
      ['app://earshot/assets/mark.svg', 'image/svg+xml', 'assets/mark.svg'],
    ];
    for (const [url, type, file] of expected) {
      const res = await p.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toBe(type);
      expect(res.headers.get('content-security-policy'), url).toBe(DESKTOP_CSP);
      expect(await res.text(), url).toBe(files[file]);
    }
  });

  it('answers a missing file or a folder with index.html', async () => {
    for (const url of ['app://earshot/studies/3', 'app://earshot/assets/']) {
      const res = await p.request(url);
      expect(await res.text(), url).toBe(files['index.html']);
    }
  });

  it('refuses a path that decodes outside the renderer folder, or does not decode', async () => {
    for (const url of [
      'app://earshot/..%2fsecret.txt',
      'app://earshot/assets/..%2f..%2fsecret.txt',
      'app://earshot/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
      'app://earshot/%E0%A4%A',
    ]) {
      const res = await p.request(url);
      expect(res.status, url).toBe(403);
      expect(await res.text(), url).not.toContain('not for the page');
    }
  });

  it('refuses another host with 404', async () => {
    for (const url of ['app://evil/index.html', 'app://earshot.evil/index.html', 'app://earshot:8080/index.html']) {
      const res = await p.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('<title>Earshot');
    }
  });
});

describe('earshot-media:// serves audio by asset id', () => {
  let t: TempServices;
  let assetId: number;
  let bytes: Buffer;
  const p = fakeProtocol();

  beforeAll(async () => {
    t = await tempServices();
    const study = listStudies(t.services.db)[0];
    const episode = listEpisodes(t.services.db, study.id)[0];
    assetId = listEpisodeAudio(t.services.db, episode.id)[0].id;
    bytes = readFileSync(getAssetFile(t.services.db, assetId)!.path);
    handleMediaProtocol(p.protocol, t.services);
  });
  afterAll(() => t.cleanup());

  it('answers the whole file without a Range header', async () => {
    const res = await p.request(`earshot-media://asset/${assetId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers a Range with 206 and exactly those bytes', async () => {
    const res = await p.request(`earshot-media://asset/${assetId}`, { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    // 100 through 199 inclusive: 199 - 100 + 1 = 100 bytes.
    expect(res.headers.get('content-length')).toBe('100');
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('caps an open range at OPEN_RANGE_BYTES and answers a range past the end with 416', async () => {
    // The first demo call is 19.8 s of 16-bit stereo at 8 kHz (resources/demo/make-demo.mjs), over 512 KiB.
    expect(bytes.length).toBeGreaterThan(OPEN_RANGE_BYTES);
    const open = await p.request(`earshot-media://asset/${assetId}`, { range: 'bytes=0-' });
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes 0-${OPEN_RANGE_BYTES - 1}/${bytes.length}`);
    expect((await open.arrayBuffer()).byteLength).toBe(OPEN_RANGE_BYTES);
    const past = await p.request(`earshot-media://asset/${assetId}`, { range: `bytes=${bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('answers 404 for an unknown asset, a path instead of an id, or another host', async () => {
    for (const url of [
      'earshot-media://asset/999999',
      'earshot-media://asset/..%2f..%2fetc%2fpasswd',
      'earshot-media://asset/1.wav',
      `earshot-media://evil/${assetId}`,
    ]) {
      expect((await p.request(url)).status, url).toBe(404);
    }
  });
});
