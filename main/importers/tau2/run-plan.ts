/** Where a τ²-bench / τ-Voice run's files are and what every simulation of it shares, read before any simulation is. */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ImportError } from '../batch';
import { displayPath, ImportRoot } from '../safe-path';
import { SIMULATION_FILE } from '../limits';
import { readJsonFile } from '../read-json';
import { readResultsFile, type PendingSimulation } from './results-file';
import type { Tau2EvaluationCriteria, Tau2Results } from './schema';
import type { RunContext } from './simulation-episode';
import { publishedPanel } from './submission';
import type { PublishedInteractionPanel } from '../../../shared/types/interaction-metrics';

/** tau2's DEFAULT_TICK_DURATION_SECONDS, used (with a warning) when a run does not record its tick duration. */
export const DEFAULT_TICK_SECONDS = 0.2;

/** A run about to be read. */
export interface Tau2RunPlan {
  /** The path given to the import, absolute. */
  source: string;
  root: ImportRoot;
  /** results.json as messages name it. */
  resultsName: string;
  /** Run info and tasks; its `simulations` is always empty (they are loaded one by one through `simulations`). */
  meta: Tau2Results;
  /** The run's tick duration in seconds, or null when it does not record one. */
  tickSeconds: number | null;
  /** True for the folder layout (results.json + simulations/*.json), false for a monolithic results JSON. */
  folder: boolean;
  /** The simulations in order (file name order for the folder layout), each read when it is loaded. */
  simulations: PendingSimulation[];
  /** Warnings about the run as a whole. */
  warnings: string[];
  /** The interaction panel a leaderboard submission.json beside the run publishes for its domain, or null. */
  published: PublishedInteractionPanel | null;
}

/**
 * Where the run's files are, following tau2's `Results._detect_format`: a sibling `simulations/` folder means the dir
 * layout. A `simulations` link that loops, leads nowhere or leads outside the run is refused by name.
 */
function locate(path: string): { root: ImportRoot; resultsPath: string; simsDir: string | null } {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new ImportError(basename(abs), 'file', '(file)', 'does not exist');
  const isDir = statSync(abs).isDirectory();
  const root = new ImportRoot(isDir ? abs : dirname(abs));
  const resultsPath = isDir ? join(abs, 'results.json') : abs;
  if (!existsSync(resultsPath))
    throw new ImportError(basename(abs), 'folder', 'results.json', 'no results.json in the run folder');
  const simsDir = root.folder('simulations', { file: 'simulations', record: 'folder', field: '(folder)' });
  return { root, resultsPath, simsDir };
}

function simulationFiles(root: ImportRoot): PendingSimulation[] {
  return root
    .list('simulations', '.json', { file: 'simulations', record: 'folder', field: '(folder)' })
    .map(({ name, resolve: resolveFile }, i) => {
      const file = `simulations/${name}`;
      const path = () => resolveFile({ file, record: `simulation ${i + 1}`, field: '(file)' });
      return { file, load: () => readJsonFile(path(), file, SIMULATION_FILE) };
    });
}

/** Reads results.json of the run at `path` (a run folder or a results JSON file) and lists its simulations. */
export function planTau2Run(path: string): Tau2RunPlan {
  const { root, resultsPath, simsDir } = locate(path);
  const resultsName = displayPath(root.abs, resultsPath);
  const results = readResultsFile(resultsPath, resultsName);
  const { meta } = results;
  // tau2 reads the simulations/ folder when there is one, and the simulations of a monolithic file otherwise
  const simulations = simsDir ? simulationFiles(root) : results.simulations;
  const warnings: string[] = [];
  if (simsDir && meta.simulation_index) {
    const onDisk = new Set(simulations.map((p) => p.file.slice('simulations/'.length, -'.json'.length)));
    const missing = meta.simulation_index.filter((e) => !onDisk.has(e.id)).length;
    if (missing)
      warnings.push(`${resultsName}: ${missing} simulation(s) listed in simulation_index have no file in simulations/`);
  }
  if (simulations.length === 0) warnings.push(`${resultsName}: the run has no simulations`);
  const tickSeconds = meta.info.audio_native_config?.tick_duration_seconds ?? null;
  const folder = simsDir !== null;
  const published = publishedPanel(root.abs, meta.info.environment_info.domain_name, (m) => warnings.push(m));
  return { source: resolve(path), root, resultsName, meta, tickSeconds, folder, simulations, warnings, published };
}

/** What every simulation of the run shares; `warn` records a warning. */
export function runContext(plan: Tau2RunPlan, warn: (message: string) => void): RunContext {
  const criteriaByTask = new Map<string, Tau2EvaluationCriteria>();
  for (const t of plan.meta.tasks) if (t.evaluation_criteria) criteriaByTask.set(t.id, t.evaluation_criteria);
  const tickMs = (plan.tickSeconds ?? DEFAULT_TICK_SECONDS) * 1000;
  return { info: plan.meta.info, tickMs, criteriaByTask, warn, published: plan.published };
}

/** The study the run suggests: its name and the run info kept on it. */
export function runStudy(plan: Tau2RunPlan): { studyName: string; studyInfo: Record<string, unknown> } {
  const { info } = plan.meta;
  return {
    studyName: `${basename(plan.root.abs)} (${info.environment_info.domain_name}, ${info.agent_info.llm ?? info.agent_info.implementation})`,
    studyInfo: { timestamp: plan.meta.timestamp ?? null, ...info },
  };
}
