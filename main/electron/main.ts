/** The Electron main process: opens the database, registers protocols and IPC, shows the window. */
import { app, BrowserWindow, dialog, session, shell, type WebContents } from 'electron';
import { openStudioServices } from '../demo/studio-services';
import { registerSchemes, handleAppProtocol, handleMediaProtocol } from './protocols';
import { registerIpc } from './ipc';
import { createMainWindow, preloadPathBeside } from './window';
import { installSafeStorageSecrets } from './secrets';
import { guardContents } from './contents-guard';
import { guardSession } from './session-guard';
import { openExternalLink } from './external-links';
import { launchSettings } from './launch-settings';

registerSchemes();
app.enableSandbox();

const settings = launchSettings({
  argv: process.argv,
  env: process.env,
  isPackaged: app.isPackaged,
  userDataDir: app.getPath('userData'),
  mainDir: __dirname,
});

/** Asks the user before a link to a host the app does not know opens in the browser. */
async function confirmLink(contents: WebContents, url: string): Promise<boolean> {
  const options = {
    type: 'question' as const,
    buttons: ['Cancel', 'Open in browser'],
    defaultId: 0,
    cancelId: 0,
    message: 'Open this link in your browser?',
    detail: url,
  };
  const parent = BrowserWindow.fromWebContents(contents);
  const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return response === 1;
}

app.on('web-contents-created', (_event, contents) => {
  guardContents(contents, (url) => {
    void openExternalLink(url, {
      openExternal: (u) => shell.openExternal(u),
      confirm: (u) => confirmLink(contents, u),
    });
  });
});

app.whenReady().then(async () => {
  guardSession(session.defaultSession);
  installSafeStorageSecrets(app.getPath('userData'));
  const services = await openStudioServices(settings.dbPath, {
    door: 'electron',
    nativeBinding: settings.nativeBinding,
    root: settings.root,
  });
  handleAppProtocol(services.paths.rendererDir);
  handleMediaProtocol(services);
  const win = createMainWindow(preloadPathBeside(__dirname));
  registerIpc(services, win);
  app.on('window-all-closed', () => {
    services.db.close();
    app.quit();
  });
});
