/** IPC registration: one channel carries every contract call; the sender's frame must be our app:// page. */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import type { Services } from '../services/services';
import { dispatch } from '../api/dispatch';
import { isTrustedSender } from '../security/navigation-policy';
import { IPC_CALL, IPC_EVENT } from '../../shared/ipc-channels';

function fromOurPage(event: IpcMainInvokeEvent): boolean {
  return isTrustedSender(event.senderFrame?.url);
}

/** Answers contract calls from our own windows only, and forwards events to a window. */
export function registerIpc(services: Services, window: BrowserWindow): void {
  ipcMain.handle(IPC_CALL, async (event, method: unknown, input: unknown) => {
    if (!fromOurPage(event)) return { ok: false, error: { code: 'bad_frame', message: 'call from an unknown sender refused' } };
    return dispatch(services, method, input);
  });
  services.events.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT, name, payload);
  });
}
