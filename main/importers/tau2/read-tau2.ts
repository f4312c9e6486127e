/** Reads a τ²-bench / τ-Voice run — a run directory (results.json + simulations/*.json) or a monolithic results JSON — into one batch. */
import type { BatchEpisode, ImportBatch } from '../batch';
import { readSimulations, SimulationIds } from './read-simulations';
import { planTau2Run, runContext, runStudy } from './run-plan';
import { warningList } from '../warning-list';

/** Reads the run at `path` (a run folder or a results JSON file). */
export async function readTau2(path: string): Promise<ImportBatch> {
  const plan = planTau2Run(path);
  const { warnings, warn } = warningList(plan.warnings);
  const ids = new SimulationIds();
  const episodes: BatchEpisode[] = [];
  let skipped = 0;
  for (const s of readSimulations(plan, runContext(plan, warn), 0, plan.simulations.length)) {
    ids.add(s);
    if (s.episode) episodes.push(s.episode);
    else skipped++;
  }
  return { format: 'tau2', benchmark: 'tau-voice', ...runStudy(plan), source: plan.source, episodes, skipped, warnings };
}
