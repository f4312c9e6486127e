/** Temporary folders filled with files, for tests that read what they wrote (importers, limits, detection). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const created: string[] = [];

/** A new empty temporary folder, removed by removeTempDirs. */
export function tempDir(prefix = 'earshot-import-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Removes every folder tempDir made (call it from afterAll). */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes files (path relative to `root` → text, bytes, or a value written as JSON) and returns `root`. */
export function writeFiles(root: string, files: Record<string, string | Uint8Array | object>): string {
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content));
  }
  return root;
}
