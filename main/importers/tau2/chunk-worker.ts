/** Worker thread of a τ² import: reads and prepares chunks of the run's simulations for the main thread's writer. */
import { serveChunks } from '../chunk-pipeline';
import { planTau2Run } from './run-plan';
import { readSimulationChunk, type SimulationChunk } from './simulation-chunk';

/** What each worker is given: the run, and the simulation files the main thread listed. */
export interface Tau2ChunkData {
  path: string;
  files: string[];
}

serveChunks<SimulationChunk, Tau2ChunkData>((data) => {
  const plan = planTau2Run(data.path);
  if (plan.simulations.length !== data.files.length || plan.simulations.some((s, i) => s.file !== data.files[i])) {
    throw new Error(`${data.path}: the run folder changed after the import began`);
  }
  return (index) => readSimulationChunk(plan, index);
});
