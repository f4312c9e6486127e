/** Resolves references found inside imported files against the import root, refusing anything that leads outside it. */
import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep, win32 } from 'node:path';
import { ImportError } from './batch';

/** Where a reference was found: the file (relative to the import root), the record and the field. */
export interface RefSite {
  file: string;
  record: string;
  field: string;
}

/** A file listed by ImportRoot.list: its name, and how to resolve it (the same result and refusals as ImportRoot.resolve). */
export interface ListedFile {
  name: string;
  resolve: (site: RefSite) => string;
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

/** An import root for resolving many references: its real path is looked up once, not once per reference. */
export class ImportRoot {
  /** The root as an absolute path. */
  readonly abs: string;
  private realAbs: string | null = null;
  private readonly listings = new Map<string, Set<string>>();

  constructor(root: string) {
    this.abs = resolve(root);
  }

  private real(): string {
    return (this.realAbs ??= realpathSync.native(this.abs));
  }

  /** Refuses empty, absolute and escaping references; the lexical absolute path otherwise. */
  private lexical(ref: string, site: RefSite): string {
    if (ref.trim() === '' || ref.includes('\0')) refuse(site, `path ${quote(ref)} is empty or malformed`);
    if (isAbsolute(ref) || win32.isAbsolute(ref)) {
      refuse(site, `absolute path ${quote(ref)} refused; references must be relative to the imported folder`);
    }
    const full = resolve(this.abs, ref.replace(/\\/g, '/'));
    if (!within(this.abs, full)) refuse(site, `path ${quote(ref)} leads outside the imported folder`);
    return full;
  }

  private inside(ref: string, real: string, site: RefSite): string {
    if (!within(this.real(), real)) refuse(site, `path ${quote(ref)} is a link to a place outside the imported folder`);
    return real;
  }

  /** What resolveInsideRoot(root, ref, site) gives. */
  resolve(ref: string, site: RefSite): string {
    const full = this.lexical(ref, site);
    let real: string;
    try {
      real = realpathSync.native(full);
    } catch {
      return full;
    }
    return this.inside(ref, real, site);
  }

  /** What findInsideRoot(root, ref, site) gives: like resolve, but null when nothing exists at the reference (checked first: most probes miss). */
  find(ref: string, site: RefSite): string | null {
    const full = this.lexical(ref, site);
    return existsSync(full) ? this.resolve(ref, site) : null;
  }

  /**
   * The folder `ref` inside the root (e.g. a run's `simulations/`): its path when a folder is there, null when
   * nothing or a file is. A link there that loops back on itself, leads nowhere or leads outside the root is refused,
   * so a folder outside the import is never listed and a broken link never passes for a missing folder.
   */
  folder(ref: string, site: RefSite): string | null {
    const full = this.lexical(ref, site);
    try {
      lstatSync(full);
    } catch {
      return null;
    }
    let real: string;
    try {
      real = realpathSync.native(full);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      const problem = code === 'ELOOP' ? 'is a link that loops back on itself' : `is a link to nothing (${code})`;
      refuse(site, `${quote(ref)} ${problem}`);
    }
    this.inside(ref, real, site);
    return statSync(real).isDirectory() ? full : null;
  }

  /**
   * Like find, for probing many paths that mostly do not exist: whether something is there is read from the listings of
   * the folders on its way, each folder listed once per ImportRoot (names match exactly as listed, whatever the file
   * system's case rules). What is found is resolved and checked as resolve does.
   */
  findListed(ref: string, site: RefSite): string | null {
    const rel = relative(this.abs, this.lexical(ref, site));
    let dir = this.abs;
    for (const name of rel ? rel.split(sep) : []) {
      if (!this.listing(dir).has(name)) return null;
      dir = join(dir, name);
    }
    return this.resolve(ref, site);
  }

  private listing(dir: string): Set<string> {
    let names = this.listings.get(dir);
    if (!names) {
      try {
        names = new Set(readdirSync(dir));
      } catch {
        names = new Set();
      }
      this.listings.set(dir, names);
    }
    return names;
  }

  /**
   * The entries of folder `dirRef` (an existing folder inside the root) whose names end with `suffix`, sorted by name.
   * A regular file of a folder whose real path lies inside the root lies inside it too, so those resolve without a
   * realpath each; links, and every entry of a folder that leads elsewhere, get resolve's full check.
   */
  list(dirRef: string, suffix: string, site: RefSite): ListedFile[] {
    const dir = this.lexical(dirRef, site);
    const realDir = realpathSync.native(dir);
    const dirInside = within(this.real(), realDir);
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.name.endsWith(suffix))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((d) => {
        const fast = dirInside && d.isFile();
        return { name: d.name, resolve: (s: RefSite) => (fast ? join(realDir, d.name) : this.resolve(`${dirRef}/${d.name}`, s)) };
      });
  }
}

/**
 * Absolute path of `ref` inside `root`. Refuses absolute paths, `..` escapes and links whose real target lies
 * outside the root. An existing file resolves to its real path; a missing one resolves lexically (callers decide).
 */
export function resolveInsideRoot(root: string, ref: string, site: RefSite): string {
  return new ImportRoot(root).resolve(ref, site);
}

/** Like resolveInsideRoot, but null when nothing exists at the reference. */
export function findInsideRoot(root: string, ref: string, site: RefSite): string | null {
  return new ImportRoot(root).find(ref, site);
}

/** How a path inside the import root is named in messages: relative to the root, with forward slashes. */
export function displayPath(root: string, path: string): string {
  const rel = relative(resolve(root), resolve(path));
  return rel === '' ? '.' : rel.split(sep).join('/');
}
