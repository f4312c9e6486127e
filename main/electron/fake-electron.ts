/**
 * Recording fakes of the parts of Electron the desktop modules receive (the interfaces in ipc.ts, protocols.ts,
 * window.ts, secrets.ts, session-guard.ts, contents-guard.ts, desktop-app.ts), for this folder's tests: Electron's
 * runtime cannot start on the build machines, so its objects are the one thing these tests replace.
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import type { GuardedContents } from './contents-guard';
import type { DesktopAppLike, DesktopElectron } from './desktop-app';
import type { LinkQuestion } from './external-links';
import type { InvokeEventLike, IpcMainLike } from './ipc';
import type { PrivilegedScheme, ProtocolHandlers, SchemeRegistrar } from './protocols';
import type { SafeStorageLike } from './secrets';
import type { LinuxStorageBackend } from './secret-storage-policy';
import type { GuardedSession } from './session-guard';
import type { StudioWindow } from './window';

type Listener = (...args: never[]) => unknown;

/** Calls `listener` with arguments of any type (the fakes fire events whose listeners they stored untyped). */
function fire(listener: Listener | undefined, ...args: unknown[]): unknown {
  if (!listener) throw new Error('no listener registered');
  return (listener as (...a: unknown[]) => unknown)(...args);
}

/** A protocol module: the schemes declared privileged, and each scheme's handler, callable with a Request. */
export function fakeProtocol() {
  const privileged: PrivilegedScheme[] = [];
  const handlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  const protocol: SchemeRegistrar & ProtocolHandlers = {
    registerSchemesAsPrivileged: (schemes) => void privileged.push(...schemes),
    handle: (scheme, handler) => void handlers.set(scheme, handler),
  };
  const request = async (url: string, headers: Record<string, string> = {}): Promise<Response> => {
    const handler = handlers.get(new URL(url).protocol.replace(/:$/, ''));
    if (!handler) throw new Error(`no handler for ${url}`);
    return handler(new Request(url, { headers }));
  };
  return { protocol, privileged, handlers, request };
}

/** An ipcMain: the registered channels, and `invoke` as a renderer frame at `frameUrl` (null: frame gone) would. */
export function fakeIpcMain() {
  const handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) };
  const invoke = (channel: string, frameUrl: string | null, ...args: unknown[]): Promise<unknown> => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler on ${channel}`);
    return handler({ senderFrame: frameUrl === null ? null : { url: frameUrl } }, ...args);
  };
  return { ipcMain, handlers, invoke };
}

/** A window that records its options, the URL it loaded, whether it was shown and what was sent to its page. */
export class FakeWindow implements StudioWindow {
  loaded: string[] = [];
  shown = false;
  destroyed = false;
  readonly sent: unknown[][] = [];
  readonly listeners = new Map<string, () => void>();
  readonly webContents = { send: (...args: unknown[]) => void this.sent.push(args) };

  constructor(readonly options: BrowserWindowConstructorOptions) {}

  once(event: 'ready-to-show', listener: () => void): this {
    this.listeners.set(event, listener);
    return this;
  }

  show(): void {
    this.shown = true;
  }

  async loadURL(url: string): Promise<void> {
    this.loaded.push(url);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
}

/** A web contents that records its guards, so a test can fire navigation events and window.open at them. */
export function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents = {
    setWindowOpenHandler: (h: typeof openHandler) => void (openHandler = h),
    on: (event: string, listener: Listener) => void listeners.set(event, listener),
  } as unknown as GuardedContents;
  /** Fires `event` with a cancellable event (carrying `args[0]` as its url); true when the guard cancelled it. */
  const cancelled = (event: string, ...args: unknown[]): boolean => {
    let prevented = false;
    fire(listeners.get(event), { preventDefault: () => void (prevented = true), url: args[0] }, ...args);
    return prevented;
  };
  const open = (url: string) => {
    if (!openHandler) throw new Error('no window open handler');
    return openHandler({ url });
  };
  return { contents, listeners, open, cancelled };
}

/** A session whose three permission handlers are kept, to be asked as Chromium would ask them. */
export function fakeSession() {
  const handlers = new Map<string, Listener>();
  const session: GuardedSession = {
    setPermissionRequestHandler: (h) => void handlers.set('request', h),
    setPermissionCheckHandler: (h) => void handlers.set('check', h),
    setDevicePermissionHandler: (h) => void handlers.set('device', h),
  };
  /** What the request handler answers for `permission` (it answers through a callback). */
  const request = (permission: string): boolean | undefined => {
    let granted: boolean | undefined;
    fire(handlers.get('request'), {}, permission, (g: boolean) => void (granted = g));
    return granted;
  };
  const check = (permission: string) => fire(handlers.get('check'), {}, permission) as boolean;
  const device = (deviceType: string) => fire(handlers.get('device'), { deviceType }) as boolean;
  return { session, handlers, request, check, device };
}

/** The fake's sealing: a marker and the UTF-8 bytes reversed, so a sealed value never contains the plain text. */
export function fakeSeal(text: string): Buffer {
  return Buffer.concat([Buffer.from('sealed:'), Buffer.from(text, 'utf8').reverse()]);
}

/** A safeStorage that seals with fakeSeal, on the backend given, optionally with encryption unavailable. */
export function fakeSafeStorage(backend: LinuxStorageBackend, available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString: (plain) => fakeSeal(plain),
    decryptString: (sealed) => {
      if (!sealed.subarray(0, 7).equals(Buffer.from('sealed:'))) throw new Error('not sealed by this machine');
      return Buffer.from(sealed.subarray(7)).reverse().toString('utf8');
    },
  };
}

/** An `app` whose events are kept and whose calls are logged in order in `log`. */
export function fakeApp(userDataDir: string, log: string[]) {
  const listeners = new Map<string, Listener>();
  const app: DesktopAppLike<GuardedContents> = {
    isPackaged: false,
    enableSandbox: () => void log.push('enableSandbox'),
    getPath: () => userDataDir,
    whenReady: async () => void log.push('whenReady'),
    on: (event: string, listener: Listener) => void listeners.set(event, listener),
    quit: () => void log.push('quit'),
  };
  const emit = (event: string, ...args: unknown[]) => fire(listeners.get(event), ...args);
  return { app, listeners, emit };
}

/**
 * Every fake at once, as launchDesktop receives Electron. `asked` and `opened` record the link dialog and the browser;
 * the dialog answers with the next button index in `answers` (Cancel, 0, once they run out).
 */
export function fakeElectron(userDataDir: string) {
  const log: string[] = [];
  const app = fakeApp(userDataDir, log);
  const protocol = fakeProtocol();
  const ipc = fakeIpcMain();
  const session = fakeSession();
  const windows: FakeWindow[] = [];
  const asked: LinkQuestion[] = [];
  const opened: string[] = [];
  const answers: number[] = [];
  const electron: DesktopElectron<GuardedContents, FakeWindow> = {
    app: app.app,
    protocol: {
      registerSchemesAsPrivileged: (schemes) => {
        log.push('registerSchemes');
        protocol.protocol.registerSchemesAsPrivileged(schemes);
      },
      handle: protocol.protocol.handle,
    },
    ipcMain: ipc.ipcMain,
    BrowserWindow: class extends FakeWindow {
      constructor(options: BrowserWindowConstructorOptions) {
        super(options);
        windows.push(this);
      }
    },
    session: {
      get defaultSession() {
        log.push('defaultSession');
        return session.session;
      },
    },
    safeStorage: fakeSafeStorage('gnome_libsecret'),
    shell: { openExternal: async (url) => void opened.push(url) },
    ask: async (_contents, question) => {
      asked.push(question);
      return { response: answers.shift() ?? 0 };
    },
  };
  const privileged = () => protocol.privileged.map((s) => s.scheme);
  return { electron, log, app, protocol, privileged, ipc, session, windows, asked, opened, answers };
}
