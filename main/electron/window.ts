/**
 * The main window, with the options of window-options.ts; its web contents are guarded app-wide (desktop-app.ts).
 * Electron's BrowserWindow class is passed in (main.ts passes the real one; tests a recording fake).
 */
import type { BrowserWindowConstructorOptions } from 'electron';
import { join } from 'node:path';
import type { EventWindow } from './ipc';
import { mainWindowOptions } from './window-options';

/** The page the studio window opens. */
export const STUDIO_PAGE = 'app://earshot/index.html';

/** The parts of a BrowserWindow the app uses: showing it once painted, loading its page, sending it events. */
export interface StudioWindow extends EventWindow {
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  loadURL(url: string): Promise<void>;
}

/** Electron's BrowserWindow constructor, as far as the app uses it. */
export type StudioWindowConstructor<W extends StudioWindow> = new (options: BrowserWindowConstructorOptions) => W;

/** Creates the studio window, shows it once it has painted, and loads the app's own page. */
export function createMainWindow<W extends StudioWindow>(
  BrowserWindow: StudioWindowConstructor<W>,
  preloadPath: string,
): W {
  const win = new BrowserWindow(mainWindowOptions(preloadPath));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(STUDIO_PAGE);
  return win;
}

/** Where the bundled preload sits next to the bundled main. */
export function preloadPathBeside(mainDir: string): string {
  return join(mainDir, 'preload.cjs');
}
