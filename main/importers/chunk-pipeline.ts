/**
 * Chunks of work produced on worker threads and on this thread, handed over in order and synchronously — so they can
 * be consumed inside a database transaction, where nothing may wait for the event loop.
 *
 * Every thread claims the next chunk from a shared counter. This thread takes the chunk due next whenever it has
 * arrived, and otherwise produces a chunk itself, so it works while workers are still starting and the result does not
 * depend on how many workers there are or whether any started. Workers post finished chunks on their own message
 * port and wake this thread through an `Atomics` counter; `receiveMessageOnPort` reads them without the event loop.
 */
import { MessageChannel, receiveMessageOnPort, Worker, workerData, type MessagePort } from 'node:worker_threads';

/** How long to wait for a chunk a worker claimed before producing it here instead (a worker that died never sends it). */
const STALL_MS = 10_000;

/** Slots of the shared counters. */
const POSTED = 0;
const CLAIMED = 1;

/** What a worker receives: the shared counters, its port, the number of chunks, and the caller's data. */
interface ChunkWorkerData<D> {
  counters: SharedArrayBuffer;
  port: MessagePort;
  count: number;
  data: D;
}

/** A chunk as posted by a worker. */
interface PostedChunk<T> {
  index: number;
  chunk: T;
}

/** How to run a pipeline. */
export interface ChunkPipelineOptions<T, D> {
  /** Number of chunks, produced as 0 … count − 1. */
  count: number;
  /** Produces chunk `index` on this thread (the workers run the same code through `serveChunks`). */
  produce: (index: number) => T;
  /** Worker threads to start (0: everything on this thread). */
  workers: number;
  /** The worker entry module, which calls `serveChunks`. */
  entry: URL;
  /** Data every worker needs to produce chunks (structured-cloned). */
  data: D;
  /** Wait this long for a chunk a worker claimed before producing it here (default 10 s). */
  stallMs?: number;
}

/** Produces chunks 0 … count − 1 with the help of worker threads; read them in order with `chunks()`, then `close()`. */
export class ChunkPipeline<T, D> {
  private readonly counters = new SharedArrayBuffer(8);
  private readonly view = new Int32Array(this.counters);
  private readonly workers: Worker[] = [];
  private readonly ports: MessagePort[] = [];
  private readonly arrived = new Map<number, T>();
  /** The chunk due next; anything below it was handed over already. */
  private due = 0;

  constructor(private readonly options: ChunkPipelineOptions<T, D>) {
    for (let i = 0; i < options.workers && options.count > 1; i++) {
      const { port1, port2 } = new MessageChannel();
      const init: ChunkWorkerData<D> = { counters: this.counters, port: port2, count: options.count, data: options.data };
      const worker = new Worker(options.entry, { workerData: init, transferList: [port2] });
      // a worker that fails is covered by this thread producing its chunks; its error needs no other handling
      worker.on('error', () => undefined);
      this.workers.push(worker);
      this.ports.push(port1);
    }
  }

  /** The chunks in order; blocks this thread while a chunk due is being produced by a worker. */
  *chunks(): Generator<T> {
    for (; this.due < this.options.count; this.due++) yield this.take(this.due);
  }

  /** Stops the workers: no further chunk is claimed, and their threads end. */
  close(): void {
    Atomics.store(this.view, CLAIMED, this.options.count);
    for (const worker of this.workers) void worker.terminate();
    for (const port of this.ports) port.close();
  }

  private take(index: number): T {
    const stallMs = this.options.stallMs ?? STALL_MS;
    let waitedMs = 0;
    for (;;) {
      const posted = Atomics.load(this.view, POSTED);
      this.receive();
      const chunk = this.arrived.get(index);
      if (chunk !== undefined) {
        this.arrived.delete(index);
        return chunk;
      }
      const claim = Atomics.add(this.view, CLAIMED, 1);
      if (claim < this.options.count) {
        this.arrived.set(claim, this.options.produce(claim));
        continue;
      }
      if (waitedMs >= stallMs) return this.options.produce(index);
      const started = performance.now();
      Atomics.wait(this.view, POSTED, posted, stallMs - waitedMs);
      waitedMs += performance.now() - started;
    }
  }

  private receive(): void {
    for (const port of this.ports) {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
        const { index, chunk } = m.message as PostedChunk<T>;
        // a chunk produced here after a stall may still arrive from its worker: the later copy is dropped
        if (index >= this.due && !this.arrived.has(index)) this.arrived.set(index, chunk);
      }
    }
  }
}

/**
 * The worker side: builds a producer from the pipeline's data, then produces and posts chunks until none are left.
 * If the producer cannot be built, the worker claims nothing and the main thread produces every chunk.
 */
export function serveChunks<T, D>(makeProducer: (data: D) => (index: number) => T): void {
  const { counters, port, count, data } = workerData as ChunkWorkerData<D>;
  const view = new Int32Array(counters);
  let produce: (index: number) => T;
  try {
    produce = makeProducer(data);
  } catch {
    port.close();
    return;
  }
  for (let index = Atomics.add(view, CLAIMED, 1); index < count; index = Atomics.add(view, CLAIMED, 1)) {
    const posted: PostedChunk<T> = { index, chunk: produce(index) };
    port.postMessage(posted);
    Atomics.add(view, POSTED, 1);
    Atomics.notify(view, POSTED);
  }
  port.close();
}
