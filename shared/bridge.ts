/** The object either door gives the renderer: typed calls, events, and audio URLs. */
import type { CallResult, MethodInput, MethodName, MethodOutput, PushedEventListener } from './contract';

/** The renderer's only way to reach the main side. */
export interface EarshotBridge {
  door: 'electron' | 'web';
  /** Calls a contract method; never rejects for a failed call, the result says why. */
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<CallResult<MethodOutput<M>>>;
  /** Listens to every pushed event; returns the unsubscribe function. */
  on(listener: PushedEventListener): () => void;
  /** URL the media element should load for an audio asset. */
  mediaUrl(assetId: number): string;
  /** The path of a dropped file on this machine (Electron only; a browser never reveals it). */
  pathForFile?(file: File): string;
}
