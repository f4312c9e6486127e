/**
 * Downloads one remote object into the cache, resuming: bytes go to `<file>.part`, and a dropped connection (or a
 * part left by an earlier, interrupted import) continues with a Range request from the part's size. A response that
 * ends cleanly is taken as whole, so one shorter or longer than the listing says is refused, not retried. The part
 * becomes the file only once its size, MD5 (a plain-MD5 ETag) and SHA-256 (when the server gives one) match.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '../domain/errors';
import type { RemoteObject } from './remote-object';
import { StaleRange, type RemoteSource } from './source';
import { verifyDownload } from './verify';

/** How many times a download is tried (each try resumes from what the previous one wrote). */
const ATTEMPTS = 5;

/** Options of one download. */
export interface DownloadOptions {
  signal?: AbortSignal;
  /** Called with the bytes of this object on disk so far, as they grow. */
  onBytes?: (bytes: number) => void;
  /** Pause before retry n (1-based), ms; default 200 × 2^(n−1). */
  backoffMs?: (attempt: number) => number;
}

const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : 0);

async function writeFrom(source: RemoteSource, object: RemoteObject, part: string, o: DownloadOptions): Promise<void> {
  let start = sizeOf(part);
  if (object.size !== null && start > object.size) {
    rmSync(part, { force: true });
    start = 0;
  }
  if (object.size !== null && start === object.size && start > 0) return;
  const opened = await source.open(object, start, o.signal);
  const offset = opened.fromOffset ? start : 0;
  let written = offset;
  o.onBytes?.(written);
  await pipeline(
    opened.body,
    async function* count(chunks: AsyncIterable<Uint8Array>) {
      for await (const chunk of chunks) {
        written += chunk.length;
        o.onBytes?.(written);
        yield chunk;
      }
    },
    createWriteStream(part, { flags: offset > 0 ? 'a' : 'w' }),
    { signal: o.signal },
  );
}

/** Downloads `object` to `file` (resuming a `.part` beside it), verifies it and moves it into place. */
export async function downloadObject(
  source: RemoteSource,
  object: RemoteObject,
  file: string,
  o: DownloadOptions = {},
): Promise<void> {
  const part = `${file}.part`;
  mkdirSync(dirname(file), { recursive: true });
  const backoff = o.backoffMs ?? ((n: number) => 200 * 2 ** (n - 1));
  for (let attempt = 1; ; attempt++) {
    try {
      await writeFrom(source, object, part, o); // a response that ended cleanly is whole: its size is checked below
      break;
    } catch (err) {
      if (o.signal?.aborted) throw o.signal.reason instanceof Error ? o.signal.reason : err;
      if (err instanceof DomainError) throw err;
      if (err instanceof StaleRange) rmSync(part, { force: true });
      if (attempt >= ATTEMPTS) {
        throw new DomainError(
          'unavailable',
          `${object.name}: download failed after ${ATTEMPTS} attempts (${(err as Error).message})`,
        );
      }
      await new Promise((ok) => setTimeout(ok, backoff(attempt)));
    }
  }
  try {
    await verifyDownload(part, object);
  } catch (err) {
    rmSync(part, { force: true });
    throw err;
  }
  renameSync(part, file);
}
