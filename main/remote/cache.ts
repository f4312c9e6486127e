/**
 * The local cache of remote locations: `<data folder>/remote-cache/<name>-<hash>/<folder>/…` mirrors a location's
 * files under the location's own folder name (so a run is named after it, as when imported from disk), and
 * `manifest.json` beside it records the size, ETag and SHA-256 each cached file was verified against, so an
 * unchanged file is not downloaded again. The data folder is the one the default database lives in (EARSHOT_HOME, or
 * the OS's per-user data folder). Nothing secret is written: locations that carry secrets are refused before.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { userDataDir } from '../services/paths';
import type { RemoteObject } from './remote-object';

/** What the manifest records of a verified file. */
export interface CachedEntry {
  size: number | null;
  etag: string | null;
  sha256: string | null;
}

/** The manifest of one location's cache folder. */
export interface CacheManifest {
  location: string;
  files: Record<string, CachedEntry>;
}

/** The cache root under the studio's data folder. */
export function remoteCacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return join(userDataDir(env), 'remote-cache');
}

/** The cache folder of `location` (its text, plus the endpoint it was read from when not the default). */
export function cacheFolder(root: string, location: string, endpoint = ''): string {
  const hash = createHash('sha256').update(`${endpoint}\n${location}`).digest('hex').slice(0, 12);
  const slug = location
    .replace(/^[a-z0-9]+:\/\//i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return join(root, `${slug || 'location'}-${hash}`);
}

/**
 * The folder name the files are kept under: the location's last folder (the `prefix` of an S3 XML listing URL, the
 * folder holding a one-file location), or `files` when it has none.
 */
export function contentFolderName(location: string, single: boolean): string {
  const url = /^s3:\/\//i.test(location) ? null : new URL(location);
  const path = url ? (url.searchParams.get('prefix') ?? url.pathname) : location.replace(/^s3:\/\/[^/]*/i, '');
  const segments = path.split('/').filter(Boolean);
  if (single) segments.pop();
  const name = (segments.pop() ?? '').replace(/[^\p{L}\p{N}._ -]+/gu, '-').slice(0, 80);
  return name === '' || name === '.' || name === '..' || name === 'manifest.json' ? 'files' : name;
}

/** Reads the manifest of a cache folder (an empty one when there is none or it is unreadable). */
export function readManifest(folder: string, location: string): CacheManifest {
  try {
    const m = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as CacheManifest;
    if (m.location === location && m.files && typeof m.files === 'object') return m;
  } catch {
    /* no manifest yet: nothing is known to be verified */
  }
  return { location, files: {} };
}

/** Writes the manifest, whole or not at all (a temporary file renamed into place). */
export function writeManifest(folder: string, manifest: CacheManifest): void {
  mkdirSync(folder, { recursive: true });
  const tmp = join(folder, 'manifest.json.tmp');
  writeFileSync(tmp, JSON.stringify(manifest, null, 1));
  renameSync(tmp, join(folder, 'manifest.json'));
}

/** True when the cached file of `object` is the verified copy of the same content (same size and ETag/checksum). */
export function isCached(filesDir: string, manifest: CacheManifest, object: RemoteObject): boolean {
  const entry = manifest.files[object.path];
  const file = join(filesDir, object.path);
  if (!entry || !existsSync(file)) return false;
  const sameContent =
    object.etag !== null ? entry.etag === object.etag : object.sha256 !== null && entry.sha256 === object.sha256;
  return sameContent && entry.size === object.size && statSync(file).size === (object.size ?? statSync(file).size);
}

/** Deletes cached files the location no longer lists (their partial downloads too), so the cache mirrors it. */
export function pruneCache(filesDir: string, manifest: CacheManifest, listed: ReadonlySet<string>): void {
  if (!existsSync(filesDir)) return;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const path = relative(filesDir, full).split(sep).join('/');
        if (!listed.has(path.replace(/\.part$/, ''))) rmSync(full, { force: true });
      }
    }
  };
  walk(filesDir);
  for (const path of Object.keys(manifest.files)) if (!listed.has(path)) delete manifest.files[path];
}
