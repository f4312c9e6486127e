/** Resolves references found inside imported files against the import root, refusing anything that leads outside it. */
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep, win32 } from 'node:path';
import { ImportError } from './batch';

/** Where a reference was found: the file (relative to the import root), the record and the field. */
export interface RefSite {
  file: string;
  record: string;
  field: string;
}

function within(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function refuse(site: RefSite, problem: string): never {
  throw new ImportError(site.file, site.record, site.field, problem);
}

/** Quotes text taken from an imported file for a message: JSON-escaped and cut to 80 characters. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
}

/**
 * Absolute path of `ref` inside `root`. Refuses absolute paths, `..` escapes and links whose real target lies
 * outside the root. An existing file resolves to its real path; a missing one resolves lexically (callers decide).
 */
export function resolveInsideRoot(root: string, ref: string, site: RefSite): string {
  if (ref.trim() === '' || ref.includes('\0')) refuse(site, `path ${quote(ref)} is empty or malformed`);
  if (isAbsolute(ref) || win32.isAbsolute(ref)) {
    refuse(site, `absolute path ${quote(ref)} refused; references must be relative to the imported folder`);
  }
  const rootAbs = resolve(root);
  const full = resolve(rootAbs, ref.replace(/\\/g, '/'));
  if (!within(rootAbs, full)) refuse(site, `path ${quote(ref)} leads outside the imported folder`);
  let real: string;
  try {
    real = realpathSync.native(full);
  } catch {
    return full;
  }
  if (!within(realpathSync.native(rootAbs), real)) refuse(site, `path ${quote(ref)} is a link to a place outside the imported folder`);
  return real;
}

/** Like resolveInsideRoot, but null when nothing exists at the reference. */
export function findInsideRoot(root: string, ref: string, site: RefSite): string | null {
  const path = resolveInsideRoot(root, ref, site);
  return existsSync(path) ? path : null;
}

/** How a path inside the import root is named in messages: relative to the root, with forward slashes. */
export function displayPath(root: string, path: string): string {
  const rel = relative(resolve(root), resolve(path));
  return rel === '' ? '.' : rel.split(sep).join('/');
}
