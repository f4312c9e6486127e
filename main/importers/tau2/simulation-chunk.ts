/** A run's simulations read and prepared in chunks, on any thread: what the writer and the run-wide checks need of each chunk. */
import { computePeaksAndHashSync } from '../../audio/peaks';
import { ImportError } from '../batch';
import type { PreparedAudio } from '../batch-inserter';
import { prepareEpisode, type PreparedEpisode } from '../prepared-episode';
import { readSimulations, type ReadSimulation } from './read-simulations';
import { warningList } from '../warning-list';
import { runContext, type Tau2RunPlan } from './run-plan';

/** Simulations per chunk. */
export const CHUNK_SIMULATIONS = 128;

/** Why a chunk stopped: an ImportError's parts, or another error's message. */
export type ChunkFault = { file: string; record: string; field: string; problem: string } | { message: string };

/** One chunk, read and prepared. */
export interface SimulationChunk {
  episodes: PreparedEpisode[];
  /** Peaks and content hash of every audio file the chunk's episodes link, by absolute path. */
  audio: [string, PreparedAudio][];
  /** Every simulation read (discarded ones too), for the run-wide check of ids. */
  simulations: Pick<ReadSimulation, 'file' | 'record' | 'id'>[];
  skipped: number;
  warnings: string[];
  /** The fault that stopped the chunk after `simulations`, or null. */
  fault: ChunkFault | null;
}

/** Number of chunks of the run. */
export function chunkCount(plan: Tau2RunPlan): number {
  return Math.ceil(plan.simulations.length / CHUNK_SIMULATIONS);
}

/** Reads and prepares chunk `index`; a fault ends the chunk and is returned with it rather than thrown. */
export function readSimulationChunk(plan: Tau2RunPlan, index: number): SimulationChunk {
  const { warnings, warn } = warningList([]);
  const chunk: SimulationChunk = { episodes: [], audio: [], simulations: [], skipped: 0, warnings, fault: null };
  const from = index * CHUNK_SIMULATIONS;
  try {
    for (const s of readSimulations(plan, runContext(plan, warn), from, Math.min(plan.simulations.length, from + CHUNK_SIMULATIONS))) {
      chunk.simulations.push({ file: s.file, record: s.record, id: s.id });
      if (!s.episode) {
        chunk.skipped++;
        continue;
      }
      // a τ² call's audio is its both.wav, checked to be a readable WAV when the episode was built
      for (const { path } of s.episode.audio) chunk.audio.push([path, computePeaksAndHashSync(path)]);
      chunk.episodes.push(prepareEpisode(s.episode));
    }
  } catch (err) {
    chunk.fault =
      err instanceof ImportError
        ? { file: err.file, record: err.record, field: err.field, problem: err.problem }
        : { message: err instanceof Error ? err.message : String(err) };
  }
  return chunk;
}

/** The error a chunk's fault stands for. */
export function faultError(fault: ChunkFault): Error {
  return 'message' in fault ? new Error(fault.message) : new ImportError(fault.file, fault.record, fault.field, fault.problem);
}
