/** The SHA-256 of a file to import, read in chunks of 1 MiB so that a file of any length never sits in memory whole. */
import { createHash } from 'node:crypto';
import { closeSync, readSync } from 'node:fs';
import { openForImport, unreadable } from './text-lines';

const CHUNK_BYTES = 1024 * 1024;

/** The hex SHA-256 of the file at `path` (named `file` in messages); a file that cannot be read is refused by name. */
export function sha256OfFile(path: string, file: string): string {
  const fd = openForImport(path, file);
  try {
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (let n: number; (n = readSync(fd, buffer, 0, CHUNK_BYTES, null)) > 0; ) hash.update(buffer.subarray(0, n));
    return hash.digest('hex');
  } catch (err) {
    throw unreadable(file, err);
  } finally {
    closeSync(fd);
  }
}
