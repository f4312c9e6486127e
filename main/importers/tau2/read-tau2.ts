/** Reads a τ²-bench / τ-Voice run — a run directory (results.json + simulations/*.json) or a monolithic results JSON — into one batch. */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ImportError, type BatchEpisode, type ImportBatch } from '../batch';
import { displayPath, ImportRoot } from '../safe-path';
import { readSimArtifacts } from './artifacts';
import { readJsonFile, validate } from './read-json';
import { tau2Results } from './schema';
import { validateSimulation } from './simulation-check';
import { simulationToEpisode, type RunContext } from './simulation-episode';

/** tau2's DEFAULT_TICK_DURATION_SECONDS, used (with a warning) when a run does not record its tick duration. */
const DEFAULT_TICK_SECONDS = 0.2;

/** A simulation not yet read: its file, its ordinal, and how to load it (one at a time, so large runs stay small in memory). */
interface PendingSimulation {
  file: string;
  ordinal: number;
  stem: string | null;
  load: () => unknown;
}

/** Where the run's files are, following tau2's `Results._detect_format`: a sibling `simulations/` folder means the dir layout. */
function locate(path: string): { root: string; resultsPath: string; simsDir: string | null } {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new ImportError(basename(abs), 'file', '(file)', 'does not exist');
  const isDir = statSync(abs).isDirectory();
  const root = isDir ? abs : dirname(abs);
  const resultsPath = isDir ? join(abs, 'results.json') : abs;
  if (!existsSync(resultsPath)) throw new ImportError(basename(abs), 'folder', 'results.json', 'no results.json in the run folder');
  const sims = join(root, 'simulations');
  return { root, resultsPath, simsDir: existsSync(sims) && statSync(sims).isDirectory() ? sims : null };
}

const recordName = (ordinal: number, raw: unknown): string => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? `simulation ${ordinal} (id ${JSON.stringify(id.slice(0, 60))})` : `simulation ${ordinal}`;
};

function simulationFiles(root: ImportRoot): PendingSimulation[] {
  return root.list('simulations', '.json', { file: 'simulations', record: 'folder', field: '(folder)' }).map(({ name, resolve: resolveFile }, i) => {
    const file = `simulations/${name}`;
    const load = () => readJsonFile(resolveFile({ file, record: `simulation ${i + 1}`, field: '(file)' }), file);
    return { file, ordinal: i + 1, stem: name.slice(0, -'.json'.length), load };
  });
}

/** Reads the run at `path` (a run folder or a results JSON file). */
export async function readTau2(path: string): Promise<ImportBatch> {
  const { root, resultsPath, simsDir } = locate(path);
  const resultsName = displayPath(root, resultsPath);
  const meta = validate(tau2Results, readJsonFile(resultsPath, resultsName), resultsName, 'file');
  const warnings: string[] = [];
  const warn = (message: string) => {
    if (!warnings.includes(message)) warnings.push(message);
  };
  const tickSeconds = meta.info.audio_native_config?.tick_duration_seconds ?? null;
  const ctx: RunContext = { info: meta.info, tickMs: (tickSeconds ?? DEFAULT_TICK_SECONDS) * 1000, warn };
  const importRoot = new ImportRoot(root);
  const pending = simsDir
    ? simulationFiles(importRoot)
    : meta.simulations.map((raw, i) => ({ file: resultsName, ordinal: i + 1, stem: null, load: () => raw }));
  if (simsDir && meta.simulation_index) {
    const onDisk = new Set(pending.map((p) => p.stem));
    const missing = meta.simulation_index.filter((e) => !onDisk.has(e.id)).length;
    if (missing) warn(`${resultsName}: ${missing} simulation(s) listed in simulation_index have no file in simulations/`);
  }
  const episodes: BatchEpisode[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const { file, ordinal, load } of pending) {
    const raw = load();
    const record = recordName(ordinal, raw);
    const sim = validateSimulation(raw, file, record);
    if (seen.has(sim.id)) throw new ImportError(file, record, 'id', 'the same simulation id appears twice in the run');
    seen.add(sim.id);
    const artifacts = readSimArtifacts(importRoot, sim.task_id, sim.id, { file, record });
    if (artifacts.status === 'discarded') {
      skipped++;
      continue;
    }
    if (sim.ticks?.length && tickSeconds === null) {
      warn(`${resultsName}: info.audio_native_config.tick_duration_seconds is missing; using tau2's default ${DEFAULT_TICK_SECONDS} s`);
    }
    episodes.push(simulationToEpisode(sim, artifacts, ctx, `${file}: ${record}`));
  }
  if (pending.length === 0) warn(`${resultsName}: the run has no simulations`);
  const { info } = meta;
  return {
    format: 'tau2',
    benchmark: 'tau-voice',
    studyName: `${basename(root)} (${info.environment_info.domain_name}, ${info.agent_info.llm ?? info.agent_info.implementation})`,
    studyInfo: { timestamp: meta.timestamp ?? null, ...info },
    source: resolve(path),
    episodes,
    skipped,
    warnings,
  };
}
