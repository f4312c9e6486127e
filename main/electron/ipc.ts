/**
 * IPC registration: one channel carries every contract call; the sender's frame must be our app:// page. Electron's
 * `ipcMain` and the window are passed in as the narrow interfaces below (real ones from main.ts, fakes in tests).
 */
import type { CallResult } from '../../shared/contract';
import { IPC_CALL, IPC_EVENT } from '../../shared/ipc-channels';
import { dispatch } from '../api/dispatch';
import { isTrustedSender } from '../security/navigation-policy';
import type { Services } from '../services/services';

/** What an invoke event tells about its sender: the frame that sent it (null once that frame is gone). */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string } | null;
}

/** The part of Electron's `ipcMain` that answers `ipcRenderer.invoke`. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
}

/** The window events are forwarded to. */
export interface EventWindow {
  isDestroyed(): boolean;
  readonly webContents: { send(channel: string, ...args: unknown[]): void };
}

/** The answer to a call whose sender frame is not one of our pages. */
export const BAD_FRAME: CallResult<never> = {
  ok: false,
  error: { code: 'bad_frame', message: 'call from an unknown sender refused' },
};

/** Answers contract calls from our own pages only, through the dispatcher, and forwards events to `window`. */
export function registerIpc(ipcMain: IpcMainLike, services: Services, window: EventWindow): void {
  ipcMain.handle(IPC_CALL, async (event, method, input) => {
    if (!isTrustedSender(event.senderFrame?.url)) return BAD_FRAME;
    return dispatch(services, method, input);
  });
  services.events.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(IPC_EVENT, name, payload);
  });
}
