/** The main window's options, locked down per Electron's security checklist (pure: tested without Electron). */
import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * Options of the studio window: the page is isolated from the preload (contextIsolation), sandboxed, has no Node
 * (nor in subframes or workers), keeps the same-origin policy (webSecurity), runs no insecure content, no experimental
 * or extra Blink features, no <webview>, and a file dropped on it does not navigate the window away.
 */
export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
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
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}
