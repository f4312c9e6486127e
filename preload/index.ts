/** The preload: exposes one typed object, `window.earshot`, and nothing else. */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { IPC_CALL, IPC_EVENT } from '../shared/ipc-channels';
import type { EarshotBridge } from '../shared/bridge';
import type { PushedEvent } from '../shared/contract';

const bridge: EarshotBridge = {
  door: 'electron',
  call: (method, input) => ipcRenderer.invoke(IPC_CALL, method, input),
  on: (listener) => {
    const wrapped = (_e: IpcRendererEvent, ...event: PushedEvent) => listener(...event);
    ipcRenderer.on(IPC_EVENT, wrapped);
    return () => void ipcRenderer.removeListener(IPC_EVENT, wrapped);
  },
  mediaUrl: (assetId) => `earshot-media://asset/${assetId}`,
  pathForFile: (file) => webUtils.getPathForFile(file),
};

contextBridge.exposeInMainWorld('earshot', bridge);
