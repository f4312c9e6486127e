/** The desktop app's security rules, checked under Node with Electron's APIs replaced by fakes. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { guardContents } from './contents-guard';
import { DESKTOP_CSP } from './desktop-csp';
import { linkDecision, openExternalLink } from './external-links';
import { fakeContents } from './fake-electron';
import { launchSettings } from './launch-settings';
import { secretStorageRefusal } from './secret-storage-policy';
import { guardSession, type GuardedSession } from './session-guard';
import { mainWindowOptions } from './window-options';

describe('desktop window options', () => {
  it('isolates, sandboxes and keeps Node and insecure content out of the page', () => {
    const prefs = mainWindowOptions('/app/preload.cjs').webPreferences!;
    expect(prefs).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
  });
});

describe('guards on every web contents', () => {
  it('denies every new window and hands its URL to the link policy', () => {
    const f = fakeContents();
    const openLink = vi.fn();
    guardContents(f.contents, openLink);
    expect(f.open('https://arxiv.org/abs/2509.26542')).toEqual({ action: 'deny' });
    expect(f.open('app://earshot/index.html')).toEqual({ action: 'deny' });
    expect(openLink.mock.calls).toEqual([['https://arxiv.org/abs/2509.26542'], ['app://earshot/index.html']]);
  });

  it('cancels navigation of any frame and redirects away from app://earshot, and every <webview>', () => {
    const f = fakeContents();
    guardContents(f.contents, () => {});
    expect([...f.listeners.keys()].sort()).toEqual([
      'will-attach-webview',
      'will-frame-navigate',
      'will-navigate',
      'will-redirect',
    ]);
    for (const event of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
      expect(f.cancelled(event, 'https://evil.example/')).toBe(true);
      expect(f.cancelled(event, 'file:///etc/passwd')).toBe(true);
      expect(f.cancelled(event, 'http://127.0.0.1:8080/')).toBe(true);
      expect(f.cancelled(event, 'app://evil/index.html')).toBe(true);
      expect(f.cancelled(event, 'app://earshot/index.html')).toBe(false);
    }
    expect(f.cancelled('will-attach-webview')).toBe(true);
  });
});

describe('session permissions', () => {
  it('refuses every permission request, permission check and device permission', () => {
    const handlers: Record<string, (...args: never[]) => unknown> = {};
    const session = {
      setPermissionRequestHandler: (h: never) => void (handlers.request = h),
      setPermissionCheckHandler: (h: never) => void (handlers.check = h),
      setDevicePermissionHandler: (h: never) => void (handlers.device = h),
    } as unknown as GuardedSession;
    guardSession(session);
    for (const permission of [
      'media',
      'notifications',
      'openExternal',
      'clipboard-read',
      'geolocation',
      'fileSystem',
      'hid',
    ]) {
      const callback = vi.fn();
      (handlers.request as (c: unknown, p: string, cb: (g: boolean) => void) => void)({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect((handlers.check as (c: unknown, p: string) => boolean)({}, permission)).toBe(false);
    }
    expect((handlers.device as (d: unknown) => boolean)({ deviceType: 'usb' })).toBe(false);
  });
});

describe('links opened in the system browser', () => {
  it('opens trusted hosts, asks for other https links and refuses everything else', () => {
    expect(linkDecision('https://arxiv.org/abs/2509.26542')).toEqual({
      action: 'open',
      url: 'https://arxiv.org/abs/2509.26542',
    });
    expect(linkDecision('https://www.github.com/linyueqian/VERA')).toEqual({
      action: 'open',
      url: 'https://www.github.com/linyueqian/VERA',
    });
    expect(linkDecision('https://github.com.evil.example/')).toEqual({
      action: 'ask',
      url: 'https://github.com.evil.example/',
    });
    expect(linkDecision('https://example.com/x?y=1')).toEqual({ action: 'ask', url: 'https://example.com/x?y=1' });
    for (const url of [
      'http://arxiv.org/',
      'file:///tmp/x',
      'smb://share/x',
      'https://user:pw@github.com/',
      'javascript:alert(1)',
      'ms-settings:',
      'no url',
    ]) {
      expect(linkDecision(url)).toEqual({ action: 'refuse' });
    }
  });

  it('opens an unknown host only when the user agrees, and never asks for a refused link', async () => {
    const opener = (answer: boolean) => ({ openExternal: vi.fn(async () => {}), confirm: vi.fn(async () => answer) });
    const no = opener(false);
    expect(await openExternalLink('https://example.com/', no)).toBe(false);
    expect(no.confirm).toHaveBeenCalledWith('https://example.com/');
    expect(no.openExternal).not.toHaveBeenCalled();
    const yes = opener(true);
    expect(await openExternalLink('https://example.com/', yes)).toBe(true);
    expect(yes.openExternal).toHaveBeenCalledWith('https://example.com/');
    const trusted = opener(false);
    expect(await openExternalLink('https://arxiv.org/abs/1', trusted)).toBe(true);
    expect(trusted.confirm).not.toHaveBeenCalled();
    const refused = opener(true);
    expect(await openExternalLink('file:///etc/passwd', refused)).toBe(false);
    expect(refused.confirm).not.toHaveBeenCalled();
    expect(refused.openExternal).not.toHaveBeenCalled();
  });
});

describe('launch settings', () => {
  const input = { argv: ['electron', '.'], userDataDir: '/home/u/.config/Earshot', mainDir: '/app/dist/electron' };
  const env = { EARSHOT_NATIVE_BINDING: '/tmp/evil.node', EARSHOT_APP_ROOT: '/tmp/evil' };

  it('an installed app ignores the variables that choose native code and the renderer', () => {
    expect(launchSettings({ ...input, env, isPackaged: true })).toEqual({
      dbPath: join('/home/u/.config/Earshot', 'earshot.db'),
      nativeBinding: undefined,
      root: join('/app/dist/electron', '..', '..'),
    });
  });

  it('npm start (unpackaged) uses the development builds it names', () => {
    expect(launchSettings({ ...input, env, isPackaged: false })).toMatchObject({
      nativeBinding: '/tmp/evil.node',
      root: '/tmp/evil',
    });
  });

  it('the database comes from --db=, else EARSHOT_HOME, else the user data folder', () => {
    expect(launchSettings({ ...input, argv: ['e', '--db=/data/x.db'], env: {}, isPackaged: true }).dbPath).toBe(
      '/data/x.db',
    );
    expect(launchSettings({ ...input, env: { EARSHOT_HOME: '/data' }, isPackaged: true }).dbPath).toBe(
      join('/data', 'earshot.db'),
    );
  });
});

describe('desktop Content-Security-Policy', () => {
  const directives = new Map(
    DESKTOP_CSP.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

  it('connects only to its own origin (no WebSocket, no loopback ports) and loads no foreign code', () => {
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(DESKTOP_CSP).not.toMatch(/ws:|http:|https:|\*/);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    for (const name of ['object-src', 'base-uri', 'frame-ancestors', 'form-action', 'frame-src'])
      expect(directives.get(name)).toEqual(["'none'"]);
    expect(directives.get('media-src')).toEqual(["'self'", 'earshot-media:', 'blob:']);
  });
});

describe('API key storage', () => {
  it('refuses to store keys where safeStorage would not really encrypt them', () => {
    expect(secretStorageRefusal({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'basic_text' })).toMatch(
      /no keyring.*basic_text/,
    );
    expect(secretStorageRefusal({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'unknown' })).toMatch(
      /no keyring/,
    );
    expect(secretStorageRefusal({ platform: 'linux', encryptionAvailable: true })).toMatch(/no keyring/);
    expect(secretStorageRefusal({ platform: 'darwin', encryptionAvailable: false })).toMatch(/not available/);
    expect(
      secretStorageRefusal({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'gnome_libsecret' }),
    ).toBeNull();
    expect(secretStorageRefusal({ platform: 'linux', encryptionAvailable: true, linuxBackend: 'kwallet6' })).toBeNull();
    expect(secretStorageRefusal({ platform: 'win32', encryptionAvailable: true })).toBeNull();
  });
});

describe('Electron fuses of the packaged app', () => {
  it('electron-builder.yml flips every fuse the checklist names', () => {
    const yml = readFileSync(join(__dirname, '..', '..', 'electron-builder.yml'), 'utf8');
    const block = /^electronFuses:\n((?: {2}.+\n)+)/m.exec(yml)?.[1] ?? '';
    const fuses = Object.fromEntries(
      block
        .trim()
        .split('\n')
        .map((l) => l.trim().split(/:\s*/)),
    );
    expect(fuses).toEqual({
      runAsNode: 'false',
      enableNodeOptionsEnvironmentVariable: 'false',
      enableNodeCliInspectArguments: 'false',
      onlyLoadAppFromAsar: 'true',
      enableEmbeddedAsarIntegrityValidation: 'true',
      enableCookieEncryption: 'true',
      grantFileProtocolExtraPrivileges: 'false',
    });
  });
});
