/** The renderer's only door to the main side: the Electron preload's bridge, or the WebSocket one in a browser. */
import type { EarshotBridge } from '../../shared/bridge';
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import { createWsBridge } from './ws-bridge';
import { takeAddressToken } from './address-token';

declare global {
  interface Window {
    earshot?: EarshotBridge;
  }
}

/** The bridge this renderer runs on. */
export const bridge: EarshotBridge = window.earshot ?? createWsBridge(takeAddressToken());

/** A failed call, carrying the contract's error code. */
export class CallFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Calls a method and returns its result, or throws CallFailed with the main side's message. */
export async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const res = await bridge.call(method, input);
  if (!res.ok) throw new CallFailed(res.error.code, res.error.message);
  return res.result;
}
