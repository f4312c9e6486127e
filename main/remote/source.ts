/** What the downloader needs of a remote location, whatever protocol it speaks (S3's API, or plain http(s)). */
import type { RemoteObject } from './remote-object';

/** A location's files: a folder's (paths below it), or one file (its path is its own name). */
export interface RemoteListing {
  objects: RemoteObject[];
  /** True when the location is one file, imported as a file; false for a folder. */
  single: boolean;
}

/** An object's bytes from some offset on. */
export interface OpenedObject {
  /** True when the bytes start at the offset asked for (206), false when the server sent the whole object (200). */
  fromOffset: boolean;
  body: AsyncIterable<Uint8Array>;
}

/** A remote location the downloader reads. */
export interface RemoteSource {
  /** Lists the location's files. */
  list(signal?: AbortSignal): Promise<RemoteListing>;
  /**
   * Opens `object` at byte `start` (a Range request when start > 0, made conditional on the object's ETag so a
   * changed object is never appended to an old part).
   */
  open(object: RemoteObject, start: number, signal?: AbortSignal): Promise<OpenedObject>;
  /** What the server says of the object just before it is downloaded, when the listing does not say it all. */
  describe?(object: RemoteObject, signal?: AbortSignal): Promise<RemoteObject>;
}

/** A download that must start over: the object changed since its part was written (412), or its range was refused. */
export class StaleRange extends Error {}
