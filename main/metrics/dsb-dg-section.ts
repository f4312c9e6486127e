/** DSB-DG tables: grounding per system, tier and domain; decay, re-injection, first-audio delay and quality-adjusted latency. */
import {
  groundingByGroup,
  groundingDecay,
  groupBy,
  latencyBySystem,
  reinjectionBenefit,
  summarizeGrounding,
  type BootstrapOptions,
  type DecayWindows,
  type GroundingProbe,
  type GroundingRow,
  type QualityLatencyOptions,
} from '../stats/benchmarks/index';
import type { DsbDgSection } from '../../shared/types/metrics';
import { hits, meanInterval } from './intervals';
import { isDecayProbe, probeOf, type TimedTurn } from './dsb-dg-probe';
import type { MetricsEpisode } from './load';

/** Options of the DSB-DG tables. */
export interface DsbDgOptions {
  bootstrap: BootstrapOptions;
  windows: DecayWindows;
  latency: QualityLatencyOptions;
}

/** Natural order of group names, so T2 comes before T10. */
const natural = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

const sortRows = (rows: GroundingRow[], systems: readonly string[]): GroundingRow[] =>
  [...rows].sort((a, b) => systems.indexOf(a.system) - systems.indexOf(b.system) || natural(a.group, b.group));

/** Every DSB-DG table of the study's DSB-DG episodes; `turnsOf` gives an episode's timed speech turns. */
export function dsbDgSection(episodes: readonly MetricsEpisode[], turnsOf: (episodeId: number) => readonly TimedTurn[], options: DsbDgOptions, notes: string[]): DsbDgSection {
  const probes: GroundingProbe[] = [];
  const decay: GroundingProbe[] = [];
  for (const e of episodes) {
    const p = probeOf(e, turnsOf(e.id));
    if (!p) continue;
    probes.push(p);
    if (isDecayProbe(e)) decay.push(p);
  }
  const unlabelled = episodes.length - probes.length;
  if (unlabelled > 0) notes.push(`dsb-dg: ${unlabelled} episode(s) without a grounding label: left out`);
  const systems = [...new Set(probes.map((p) => p.system))];
  return {
    probes: probes.length,
    unlabelled,
    bySystem: [...groupBy(probes, (p) => p.system)].map(([system, rows]) => ({
      system,
      summary: summarizeGrounding(rows),
      accuracyInterval: meanInterval(
        hits(rows.filter((p) => p.answerable), (p) => p.script, (p) => p.correct && !p.refused),
        options.bootstrap,
      ),
    })),
    byTier: sortRows(groundingByGroup(probes, (p) => p.tier), systems),
    byDomain: sortRows(groundingByGroup(probes, (p) => p.domain), systems),
    decayProbes: decay.length,
    decay: groundingDecay(decay, options.windows),
    reinjection: reinjectionBenefit(probes),
    latency: latencyBySystem(probes, options.latency).map((row) => ({ ...row, qal: row.qal !== null && Number.isFinite(row.qal) ? row.qal : null })),
  };
}
