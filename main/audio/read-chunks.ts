/** Reading a byte range of a file in chunks, never holding more than a few chunks: asynchronously ahead, or synchronously. */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** Reads kept in flight ahead of the one being consumed. */
const READ_AHEAD = 2;

/**
 * Reads bytes [start, end) of `file` (end may be Infinity: to the end of the file) in chunks of `chunkBytes`, handing
 * each to `consume` in order. Two reads stay in flight while a chunk is consumed, into a small ring of reused buffers
 * (allocating a fresh megabyte per chunk, as a read stream does, costs more than scanning it). A range of one chunk or
 * less (a typical call WAV) is read synchronously instead: a round trip to the thread pool per call costs more than
 * the read. A chunk is only valid during its `consume` call; keep a copy to hold on to it.
 */
export async function readChunks(file: string, start: number, end: number, chunkBytes: number, consume: (chunk: Buffer) => void): Promise<void> {
  if (end <= start) return;
  const size = statSync(file).size;
  if (Math.min(end, size) - start <= chunkBytes) {
    readRangeSync(file, start, end, Math.min(chunkBytes, size), consume);
    return;
  }
  const handle = await open(file, 'r');
  const ring = Array.from({ length: READ_AHEAD + 1 }, () => Buffer.allocUnsafe(chunkBytes));
  const pending: Promise<{ bytesRead: number; buffer: Buffer }>[] = [];
  let next = start;
  let issued = 0;
  const issue = () => {
    if (next >= end) return;
    const length = Math.min(chunkBytes, end - next);
    pending.push(handle.read(ring[issued++ % ring.length], 0, length, next));
    next += length;
  };
  try {
    for (let i = 0; i < READ_AHEAD; i++) issue();
    while (pending.length > 0) {
      const { bytesRead, buffer } = await pending.shift()!;
      if (bytesRead === 0) break; // the file ended early (shrank since its header was read)
      issue();
      consume(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
    }
  } finally {
    await Promise.allSettled(pending); // never close the file under a read still in flight
    await handle.close();
  }
}

/** What readChunks does, synchronously, through one reused buffer no bigger than the range. */
export function readChunksSync(file: string, start: number, end: number, chunkBytes: number, consume: (chunk: Buffer) => void): void {
  if (end > start) readRangeSync(file, start, end, Math.min(chunkBytes, statSync(file).size), consume);
}

/** Reads [start, end) of `file` through one buffer of `bufferBytes` (at most the range), handing each piece to `consume`. */
function readRangeSync(file: string, start: number, end: number, bufferBytes: number, consume: (chunk: Buffer) => void): void {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(bufferBytes, end - start)));
    for (let pos = start; pos < end; ) {
      const bytesRead = readSync(fd, buffer, 0, Math.min(buffer.length, end - pos), pos);
      if (bytesRead === 0) break; // the file ended (or shrank since its header was read)
      consume(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead));
      pos += bytesRead;
    }
  } finally {
    closeSync(fd);
  }
}
