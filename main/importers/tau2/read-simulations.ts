/** Reads a run's simulations one after another: load, check, find artifacts, skip discarded ones, build the episode. */
import { ImportError, type BatchEpisode } from '../batch';
import { checkEpisodeLimits } from '../episode-limits';
import { readSimArtifacts } from './artifacts';
import { simulationRecord } from './results-file';
import { DEFAULT_TICK_SECONDS, type Tau2RunPlan } from './run-plan';
import { validateSimulation } from './simulation-check';
import { simulationToEpisode, type RunContext } from './simulation-episode';

/** One simulation read: its ordinal (from 1), file, record name and id, and its episode (null when discarded). */
export interface ReadSimulation {
  ordinal: number;
  file: string;
  record: string;
  id: string;
  episode: BatchEpisode | null;
}

const recordName = (ordinal: number, raw: unknown): string => {
  const id = (raw as { id?: unknown } | null)?.id;
  return simulationRecord(ordinal, typeof id === 'string' ? id : null);
};

/** Reads simulations `from` … `to` − 1 (0-based positions in the plan); the first fault throws an ImportError. */
export function* readSimulations(
  plan: Tau2RunPlan,
  ctx: RunContext,
  from: number,
  to: number,
): Generator<ReadSimulation> {
  for (let i = from; i < to; i++) {
    const { file, load } = plan.simulations[i];
    const raw = load();
    const ordinal = i + 1;
    const record = recordName(ordinal, raw);
    const sim = validateSimulation(raw, file, record);
    const artifacts = readSimArtifacts(plan.root, sim.task_id, sim.id, { file, record });
    if (artifacts.status === 'discarded') {
      yield { ordinal, file, record, id: sim.id, episode: null };
      continue;
    }
    if (sim.ticks?.length && plan.tickSeconds === null) {
      ctx.warn(
        `${plan.resultsName}: info.audio_native_config.tick_duration_seconds is missing; using tau2's default ${DEFAULT_TICK_SECONDS} s`,
      );
    }
    const episode = simulationToEpisode(sim, artifacts, ctx, `${file}: ${record}`);
    checkEpisodeLimits(episode, file, record);
    yield { ordinal, file, record, id: sim.id, episode };
  }
}

/** Refuses a simulation id seen before in the run, naming the later simulation. */
export class SimulationIds {
  private readonly seen = new Set<string>();

  /** Records `s`'s id; throws when the run already had it. */
  add(s: Pick<ReadSimulation, 'file' | 'record' | 'id'>): void {
    if (this.seen.has(s.id))
      throw new ImportError(s.file, s.record, 'id', 'the same simulation id appears twice in the run');
    this.seen.add(s.id);
  }
}
