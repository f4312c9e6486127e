/**
 * The whole desktop launch (launchDesktop, what main.ts runs) on recording fakes of Electron's objects: the order of
 * the steps, the window, IPC, both protocols, permissions, links and the key store, on a real database file.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../../shared/contract';
import { IPC_CALL } from '../../shared/ipc-channels';
import { repoRoot } from '../../test-support/fixtures';
import { installSecretStore } from '../llm/keys';
import { launchDesktop, type DesktopRun } from './desktop-app';
import { DESKTOP_CSP } from './desktop-csp';
import { linkQuestion } from './external-links';
import { fakeContents, fakeElectron, fakeSeal, type FakeWindow } from './fake-electron';
import { STUDIO_PAGE } from './window';

const PAGE = 'app://earshot/index.html';
const INDEX = '<!doctype html><title>Earshot desktop</title>';

let home: string;
let f: ReturnType<typeof fakeElectron>;
let run: DesktopRun<FakeWindow>;

/** Lets the link opener's promise chain (dialog, then browser) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'earshot-desktop-'));
  // The app folder `npm start` names with EARSHOT_APP_ROOT: a built renderer, and the repository's resources.
  const root = join(home, 'app');
  mkdirSync(join(root, 'dist', 'renderer'), { recursive: true });
  writeFileSync(join(root, 'dist', 'renderer', 'index.html'), INDEX);
  symlinkSync(join(repoRoot, 'resources'), join(root, 'resources'), 'dir');
  mkdirSync(join(home, 'userData'));
  f = fakeElectron(join(home, 'userData'));
  run = await launchDesktop(f.electron, {
    argv: ['electron', '.', `--db=${join(home, 'studio.db')}`],
    env: { EARSHOT_APP_ROOT: root },
    mainDir: join(root, 'dist', 'electron'),
  });
});
afterAll(() => {
  installSecretStore(null);
  if (run.services.db.open) run.services.db.close();
  rmSync(home, { recursive: true, force: true });
});

const call = (method: string, input: unknown, frame: string | null = PAGE) =>
  f.ipc.invoke(IPC_CALL, frame, method, input) as Promise<CallResult<unknown>>;

describe('desktop launch', () => {
  it('declares the schemes and the sandbox before ready, and reads the default session only after', () => {
    expect(f.log).toEqual(['registerSchemes', 'enableSandbox', 'whenReady', 'defaultSession']);
    expect(f.privileged()).toEqual(['app', 'earshot-media']);
  });

  it('opens the database named by --db, with the demo study, for the electron door', async () => {
    expect(existsSync(join(home, 'studio.db'))).toBe(true);
    expect(await call('app.info', {})).toMatchObject({
      ok: true,
      result: { door: 'electron', dbPath: join(home, 'studio.db') },
    });
    expect(await call('studies.list', {})).toMatchObject({ ok: true, result: [{ name: 'Demo study' }] });
    expect(await call('studies.list', {}, 'https://evil.example/')).toMatchObject({ error: { code: 'bad_frame' } });
  });

  it('creates one window: preload beside main, isolated and sandboxed, on the studio page', () => {
    expect(f.windows).toEqual([run.window]);
    expect(run.window.options.webPreferences).toMatchObject({
      preload: join(home, 'app', 'dist', 'electron', 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect(run.window.loaded).toEqual([STUDIO_PAGE]);
  });

  it('serves the renderer from the app folder with the desktop CSP, and audio by asset id', async () => {
    const page = await f.protocol.request(PAGE);
    expect(await page.text()).toBe(INDEX);
    expect(page.headers.get('content-security-policy')).toBe(DESKTOP_CSP);
    // A fresh database's first audio row is id 1 (SQLite rowids start at 1); a WAV's header is its first 44 bytes.
    const header = await f.protocol.request('earshot-media://asset/1', { range: 'bytes=0-43' });
    expect(header.status).toBe(206);
    const bytes = Buffer.from(await header.arrayBuffer());
    expect([bytes.length, bytes.toString('latin1', 0, 4), bytes.toString('latin1', 8, 12)]).toEqual([
      44,
      'RIFF',
      'WAVE',
    ]);
  });

  it('denies every permission the default session is asked for', () => {
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      expect(f.session.request(permission), permission).toBe(false);
      expect(f.session.check(permission), permission).toBe(false);
    }
    expect(f.session.device('hid')).toBe(false);
  });

  it('stores an API key through IPC sealed in the user data folder', async () => {
    expect(await call('keys.store', { env: 'EARSHOT_DESKTOP_TEST_KEY', value: 'sk-desktop' })).toEqual({
      ok: true,
      result: { stored: true },
    });
    const file = JSON.parse(readFileSync(join(home, 'userData', 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(file).toEqual({ EARSHOT_DESKTOP_TEST_KEY: fakeSeal('sk-desktop').toString('base64') });
  });
});

describe('guards on every web contents the app creates', () => {
  it('keeps navigation on app://earshot and denies every new window', () => {
    const c = fakeContents();
    f.app.emit('web-contents-created', {}, c.contents);
    expect(c.cancelled('will-navigate', 'https://evil.example/')).toBe(true);
    expect(c.cancelled('will-navigate', 'app://earshot/index.html')).toBe(false);
    expect(c.cancelled('will-attach-webview')).toBe(true);
    expect(c.open('https://arxiv.org/abs/2509.26542')).toEqual({ action: 'deny' });
  });

  it('hands only https links to the shell: trusted hosts at once, others after the user agrees', async () => {
    const c = fakeContents();
    f.app.emit('web-contents-created', {}, c.contents);
    f.opened.length = 0;
    f.asked.length = 0;
    for (const url of ['http://arxiv.org/abs/1', 'file:///etc/passwd', 'javascript:alert(1)', 'app://earshot/x'])
      c.open(url);
    c.open('https://arxiv.org/abs/2509.26542');
    await settle();
    expect(f.opened).toEqual(['https://arxiv.org/abs/2509.26542']);
    expect(f.asked).toEqual([]);
    f.answers.push(0, 1);
    c.open('https://example.com/cancelled');
    await settle();
    c.open('https://example.com/agreed');
    await settle();
    expect(f.asked).toEqual([
      linkQuestion('https://example.com/cancelled'),
      linkQuestion('https://example.com/agreed'),
    ]);
    expect(f.opened).toEqual(['https://arxiv.org/abs/2509.26542', 'https://example.com/agreed']);
  });
});

describe('closing the last window', () => {
  it('closes the database and quits', () => {
    f.app.emit('window-all-closed');
    expect(run.services.db.open).toBe(false);
    expect(f.log.at(-1)).toBe('quit');
  });
});
