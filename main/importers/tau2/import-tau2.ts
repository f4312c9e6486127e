/**
 * Imports a τ² run straight into the database: simulations are read and prepared in chunks on worker threads and on
 * this thread while the writer inserts earlier chunks, in the writer's short transactions (write-batch.ts).
 */
import { availableParallelism } from 'node:os';
import type { Db } from '../../db/open';
import type { ImportSummary } from '../../../shared/methods/imports';
import type { PreparedAudio } from '../batch-inserter';
import { ChunkPipeline } from '../chunk-pipeline';
import type { ImportHeader } from '../batch';
import { writeEpisodeChunks, type WriteOptions } from '../write-batch';
import type { Tau2ChunkData } from './chunk-worker';
import { SimulationIds } from './read-simulations';
import { warningList } from '../warning-list';
import { planTau2Run, runStudy } from './run-plan';
import { chunkCount, faultError, readSimulationChunk, type SimulationChunk } from './simulation-chunk';

/** The worker entry that reads chunks of a run (`chunk-worker.ts`). */
export const TAU2_CHUNK_WORKER = new URL('./tau2-chunk-worker-entry.mjs', import.meta.url);

/** Runs with fewer chunks than this are read on this thread alone: starting a worker would cost more than it saves. */
const MIN_CHUNKS_FOR_WORKERS = 4;

/** Options of a τ² import. */
export interface Tau2ImportOptions extends WriteOptions {
  /** Worker threads (default: one fewer than the cores, at most 3; 0 reads everything on this thread). */
  threads?: number;
  /** The chunk workers' entry module, when this code runs bundled somewhere else than beside it (default TAU2_CHUNK_WORKER). */
  chunkWorker?: URL;
}

/** Worker threads to use by default: the cores left beside this thread's writer. */
export function defaultImportThreads(): number {
  return Math.max(0, Math.min(3, availableParallelism() - 1));
}

/** Imports the τ² run at `path` (a run folder or a results JSON file) into `db`, all or nothing. */
export async function importTau2(db: Db, path: string, options: Tau2ImportOptions): Promise<ImportSummary> {
  const plan = planTau2Run(path);
  const count = chunkCount(plan);
  const pipeline = new ChunkPipeline<SimulationChunk, Tau2ChunkData>({
    count,
    produce: (index) => readSimulationChunk(plan, index),
    workers: plan.folder && count >= MIN_CHUNKS_FOR_WORKERS ? (options.threads ?? defaultImportThreads()) : 0,
    entry: options.chunkWorker ?? TAU2_CHUNK_WORKER,
    data: { path, files: plan.simulations.map((s) => s.file) },
  });
  try {
    options.signal?.throwIfAborted();
    options.onProgress?.(0, plan.simulations.length, `reading and writing ${plan.simulations.length} simulations`);
    const audio = new Map<string, PreparedAudio>();
    const { warnings, warn } = warningList(plan.warnings);
    const header: ImportHeader = { format: 'tau2', benchmark: 'tau-voice', ...runStudy(plan), source: plan.source, skipped: 0, warnings };
    const ids = new SimulationIds();
    function* episodes() {
      for (const chunk of pipeline.chunks()) {
        for (const s of chunk.simulations) ids.add(s);
        header.skipped += chunk.skipped;
        chunk.warnings.forEach(warn);
        if (chunk.fault) throw faultError(chunk.fault);
        for (const [path, prepared] of chunk.audio) audio.set(path, prepared);
        yield chunk.episodes;
      }
    }
    return await writeEpisodeChunks(db, header, audio, episodes(), { ...options, total: plan.simulations.length });
  } finally {
    pipeline.close();
  }
}
