/** The studio window as createMainWindow builds it, on a recording BrowserWindow. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FakeWindow } from './fake-electron';
import { createMainWindow, preloadPathBeside, STUDIO_PAGE } from './window';

describe('the studio window', () => {
  it('is built locked down, with the preload bundled beside main, and loads app://earshot/index.html', () => {
    const preload = preloadPathBeside('/opt/Earshot/resources/app.asar/dist/electron');
    expect(preload).toBe(join('/opt/Earshot/resources/app.asar/dist/electron', 'preload.cjs'));
    const win = createMainWindow(FakeWindow, preload);
    expect(win.options.webPreferences).toMatchObject({
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(win.loaded).toEqual([STUDIO_PAGE]);
    expect(STUDIO_PAGE).toBe('app://earshot/index.html');
  });

  it('stays hidden until its first paint, then shows', () => {
    const win = createMainWindow(FakeWindow, '/p/preload.cjs');
    expect(win.options.show).toBe(false);
    expect(win.shown).toBe(false);
    win.listeners.get('ready-to-show')!();
    expect(win.shown).toBe(true);
  });
});
