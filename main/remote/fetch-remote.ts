/**
 * Brings a remote location into the local cache: lists it, downloads what is not cached yet (four files at a time,
 * each resumable and verified), drops cached files it no longer lists, and says which local path to import.
 */
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { cacheFolder, contentFolderName, isCached, pruneCache, readManifest, writeManifest } from './cache';
import { downloadObject } from './download';
import { HttpSource } from './http-source';
import { parseRemoteLocation } from './location';
import { s3ClientFor, type S3Access } from './s3-client';
import { S3Source } from './s3-source';
import type { RemoteSource } from './source';

/** Options of a fetch. */
export interface FetchRemoteOptions {
  /** The cache root (remoteCacheRoot() for the studio's data folder). */
  cacheRoot: string;
  s3?: S3Access;
  signal?: AbortSignal;
  /** Progress in bytes (total 0 while unknown) and a line saying it. */
  onProgress?: (done: number, total: number, message: string) => void;
}

/** What a fetch did. */
export interface FetchedRemote {
  /** The local path to import: the cached folder, or the cached file for a one-file location. */
  path: string;
  /** The location as messages name it. */
  location: string;
  files: number;
  bytes: number;
  /** Files downloaded now (the others were in the cache already, verified). */
  downloaded: number;
  /** True when requests to S3 were signed with the user's credentials. */
  signed: boolean;
}

/** Files downloaded at once. */
const IN_FLIGHT = 4;
/** Progress is reported at most this often, ms. */
const PROGRESS_MS = 100;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function openSource(
  text: string,
  s3: S3Access | undefined,
): Promise<{ source: RemoteSource; location: string; endpoint: string; signed: boolean; client?: S3Client }> {
  const location = parseRemoteLocation(text);
  if (location.kind === 'http')
    return { source: new HttpSource(location), location: location.text, endpoint: '', signed: false };
  const { client, signed } = await s3ClientFor(s3);
  const endpoint =
    s3?.endpoint ?? (s3?.env ?? process.env).AWS_ENDPOINT_URL_S3 ?? (s3?.env ?? process.env).AWS_ENDPOINT_URL ?? '';
  return { source: new S3Source(client, location), location: location.text, endpoint, signed, client };
}

/** Downloads `text` (an s3:// or http(s):// location) into the cache and returns the local path to import. */
export async function fetchRemote(text: string, o: FetchRemoteOptions): Promise<FetchedRemote> {
  const { source, location, endpoint, signed, client } = await openSource(text, o.s3);
  try {
    o.onProgress?.(0, 0, `listing ${location}`);
    const listing = await source.list(o.signal);
    const folder = cacheFolder(o.cacheRoot, location, endpoint);
    const filesDir = join(folder, contentFolderName(location, listing.single));
    const manifest = readManifest(folder, location);
    pruneCache(filesDir, manifest, new Set(listing.objects.map((x) => x.path)));
    const objects = listing.objects;
    const total = objects.reduce((sum, x) => sum + (x.size ?? 0), 0);
    const onDisk = new Array<number>(objects.length).fill(0);
    let finished = 0;
    let downloaded = 0;
    let last = 0;
    const report = (force = false) => {
      const now = Date.now();
      if (!force && now - last < PROGRESS_MS) return;
      last = now;
      const done = onDisk.reduce((a, b) => a + b, 0);
      o.onProgress?.(
        done,
        total,
        `downloading ${location}: ${finished} of ${objects.length} files, ${mb(done)} of ${mb(total)}`,
      );
    };
    const stop = new AbortController();
    const signal = o.signal ? AbortSignal.any([o.signal, stop.signal]) : stop.signal;
    let failure: unknown = null;
    let next = 0;
    const fetchEach = async () => {
      for (let i = next++; i < objects.length && !signal.aborted; i = next++) {
        const object = objects[i];
        const file = join(filesDir, object.path);
        if (!isCached(filesDir, manifest, object)) {
          const described = source.describe ? await source.describe(object, signal) : object;
          await downloadObject(source, described, file, { signal, onBytes: (n) => ((onDisk[i] = n), report()) });
          manifest.files[object.path] = { size: described.size, etag: described.etag, sha256: described.sha256 };
          writeManifest(folder, manifest);
          downloaded++;
        }
        onDisk[i] = object.size ?? onDisk[i];
        finished++;
        report();
      }
    };
    const worker = () =>
      fetchEach().catch((err: unknown) => {
        failure ??= err;
        stop.abort(err);
      });
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, objects.length) }, worker));
    if (failure) throw o.signal?.aborted ? (o.signal.reason ?? failure) : failure;
    writeManifest(folder, manifest);
    report(true);
    const path = listing.single ? join(filesDir, objects[0].path) : filesDir;
    return { path, location, files: objects.length, bytes: total, downloaded, signed };
  } finally {
    client?.destroy();
  }
}
