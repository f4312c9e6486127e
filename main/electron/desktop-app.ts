/**
 * The desktop app's launch, over the parts of Electron it uses (DesktopElectron): schemes and the sandbox before
 * `ready`; guards on every web contents; then the session's permissions, the key store, the services, both
 * protocols, the window and IPC. main.ts passes Electron's real objects; tests pass recording fakes.
 */
import { openStudioServices } from '../demo/studio-services';
import type { Services } from '../services/services';
import { guardContents, type GuardedContents } from './contents-guard';
import { linkQuestion, OPEN_BUTTON, openExternalLink, type LinkQuestion } from './external-links';
import { registerIpc, type IpcMainLike } from './ipc';
import { launchSettings } from './launch-settings';
import {
  handleAppProtocol,
  handleMediaProtocol,
  registerSchemes,
  type ProtocolHandlers,
  type SchemeRegistrar,
} from './protocols';
import { installSafeStorageSecrets, type SafeStorageLike } from './secrets';
import { guardSession, type GuardedSession } from './session-guard';
import { createMainWindow, preloadPathBeside, type StudioWindow, type StudioWindowConstructor } from './window';

/** The parts of Electron's `app` the launch uses. */
export interface DesktopAppLike<C> {
  readonly isPackaged: boolean;
  enableSandbox(): void;
  getPath(name: 'userData'): string;
  whenReady(): Promise<unknown>;
  on(event: 'web-contents-created', listener: (event: unknown, contents: C) => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  quit(): void;
}

/** Everything of Electron the desktop app touches; `C` is its WebContents type, `W` its BrowserWindow type. */
export interface DesktopElectron<C extends GuardedContents, W extends StudioWindow> {
  app: DesktopAppLike<C>;
  protocol: SchemeRegistrar & ProtocolHandlers;
  ipcMain: IpcMainLike;
  BrowserWindow: StudioWindowConstructor<W>;
  /** Electron's `session` module: `defaultSession` is read only after `ready`. */
  session: { readonly defaultSession: GuardedSession };
  safeStorage: SafeStorageLike;
  shell: { openExternal(url: string): Promise<void> };
  /** Shows `question` in a message box (over the window of `contents` when it has one); resolves the button index. */
  ask(contents: C, question: LinkQuestion): Promise<{ response: number }>;
}

/** Where the app was started from: its command line, environment and the folder of the bundled main script. */
export interface DesktopLaunch {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  mainDir: string;
}

/** The running app: its services and its window. */
export interface DesktopRun<W> {
  services: Services;
  window: W;
}

/** Every web contents gets the guards; a link it tries to open goes to the browser as external-links.ts allows. */
function guardEveryContents<C extends GuardedContents, W extends StudioWindow>(electron: DesktopElectron<C, W>): void {
  electron.app.on('web-contents-created', (_event, contents) => {
    guardContents(contents, (url) => {
      void openExternalLink(url, {
        openExternal: (u) => electron.shell.openExternal(u),
        confirm: async (u) => (await electron.ask(contents, linkQuestion(u))).response === OPEN_BUTTON,
      });
    });
  });
}

/** Launches the desktop app; resolves once the window is created and IPC answers. */
export async function launchDesktop<C extends GuardedContents, W extends StudioWindow>(
  electron: DesktopElectron<C, W>,
  launch: DesktopLaunch,
): Promise<DesktopRun<W>> {
  const { app } = electron;
  registerSchemes(electron.protocol);
  app.enableSandbox();
  const userDataDir = app.getPath('userData');
  const settings = launchSettings({ ...launch, isPackaged: app.isPackaged, userDataDir });
  guardEveryContents(electron);
  await app.whenReady();
  guardSession(electron.session.defaultSession);
  installSafeStorageSecrets(electron.safeStorage, userDataDir);
  const services = await openStudioServices(settings.dbPath, {
    door: 'electron',
    nativeBinding: settings.nativeBinding,
    root: settings.root,
  });
  handleAppProtocol(electron.protocol, services.paths.rendererDir);
  handleMediaProtocol(electron.protocol, services);
  const window = createMainWindow(electron.BrowserWindow, preloadPathBeside(launch.mainDir));
  registerIpc(electron.ipcMain, services, window);
  app.on('window-all-closed', () => {
    services.db.close();
    app.quit();
  });
  return { services, window };
}
