/** The main window, locked down per Electron's security checklist. */
import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';
import { externalLinkTarget, isAppUrl } from '../security/navigation-policy';

/** Creates the studio window: isolated, sandboxed, no Node in the page, no new windows, no navigation away. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 640,
    title: 'Earshot',
    show: false,
    backgroundColor: '#16181d',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    const external = externalLinkTarget(url);
    if (external) void shell.openExternal(external);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  win.webContents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());
  void win.loadURL('app://earshot/index.html');
  return win;
}

/** Where the bundled preload sits next to the bundled main. */
export function preloadPathBeside(mainDir: string): string {
  return join(mainDir, 'preload.cjs');
}
