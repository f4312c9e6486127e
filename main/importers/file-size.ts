/** Refuses a file past its size limit before any of it is read. */
import { statSync } from 'node:fs';
import { ImportError } from './batch';
import type { FileLimit } from './limits';

/** A size for messages, in whole GiB or MiB where it is one (`4 GiB`, `64 MiB`), else in bytes. */
export function formatSize(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes % (1024 * MiB) === 0 && bytes > 0) return `${bytes / (1024 * MiB)} GiB`;
  if (bytes % MiB === 0 && bytes > 0) return `${bytes / MiB} MiB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}

/** The problem with a file of `size` bytes under `limit`, or null when it fits. */
export function fileSizeProblem(size: number, limit: FileLimit): string | null {
  if (size <= limit.bytes) return null;
  return `is ${size.toLocaleString('en-US')} bytes, more than the ${formatSize(limit.bytes)} ${limit.kind} may have`;
}

/** Throws an ImportError naming `file` when the file at `path` is over `limit`; a missing one is left to the reader. */
export function checkFileSize(path: string, file: string, limit: FileLimit): void {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return;
  }
  const problem = fileSizeProblem(size, limit);
  if (problem) throw new ImportError(file, 'file', '(size)', problem);
}
