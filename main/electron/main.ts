/**
 * The Electron main process: the one module that loads Electron. It hands Electron's objects to launchDesktop
 * (desktop-app.ts), where everything the app does with them lives and is tested with fakes.
 */
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, session, shell, type WebContents } from 'electron';
import { launchDesktop } from './desktop-app';

launchDesktop<WebContents, BrowserWindow>(
  {
    app,
    protocol,
    ipcMain,
    BrowserWindow,
    session,
    safeStorage,
    shell,
    ask: (contents, question) => {
      const parent = BrowserWindow.fromWebContents(contents);
      return parent ? dialog.showMessageBox(parent, question) : dialog.showMessageBox(question);
    },
  },
  { argv: process.argv, env: process.env, mainDir: __dirname },
).catch((err: unknown) => {
  console.error('[earshot] the desktop app could not start:', err);
  app.exit(1);
});
