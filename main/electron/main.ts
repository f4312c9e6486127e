/** The Electron main process: opens the database, registers protocols and IPC, shows the window. */
import { app, session } from 'electron';
import { join } from 'node:path';
import { createServices } from '../services/services';
import { registerSchemes, handleAppProtocol, handleMediaProtocol } from './protocols';
import { registerIpc } from './ipc';
import { createMainWindow, preloadPathBeside } from './window';
import { installSafeStorageSecrets } from './secrets';

registerSchemes();
app.enableSandbox();

const dbArg = process.argv.find((a) => a.startsWith('--db='));
const dbPath = dbArg ? dbArg.slice('--db='.length) : join(process.env.EARSHOT_HOME ?? app.getPath('userData'), 'earshot.db');

app.whenReady().then(async () => {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  installSafeStorageSecrets(app.getPath('userData'));
  const services = await createServices(dbPath, {
    door: 'electron',
    nativeBinding: process.env.EARSHOT_NATIVE_BINDING,
    root: process.env.EARSHOT_APP_ROOT ?? join(__dirname, '..', '..'),
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
