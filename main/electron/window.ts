/** The main window, with the options of window-options.ts; its web contents are guarded app-wide (see main.ts). */
import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { mainWindowOptions } from './window-options';

/** Creates the studio window and loads the app's own page. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(preloadPath));
  win.once('ready-to-show', () => win.show());
  void win.loadURL('app://earshot/index.html');
  return win;
}

/** Where the bundled preload sits next to the bundled main. */
export function preloadPathBeside(mainDir: string): string {
  return join(mainDir, 'preload.cjs');
}
