/** DSB-DG tables: grounding per system, tier and domain; GDS, refresh benefit, FTED and quality-adjusted latency. */
import {
  groundingByGroup,
  groundingDecayScore,
  groupBy,
  latencyBySystem,
  latencyByTier,
  refreshBenefit,
  groundingByRun,
  summarizeGrounding,
  type RunProbe,
  type BootstrapOptions,
  type GroundingProbe,
  type GroupedGrounding,
} from '../stats/benchmarks/index';
import type { DsbDgSection } from '../../shared/types/metrics';
import { groundingIntervals } from './grounding-intervals';
import { probesOf, type TimedTurn } from './dsb-dg-probe';
import type { MetricsEpisode } from './load';
import type { GroundingRow } from '../../shared/types/grounding-rows';

/** Natural order of group names, so T2 comes before T10. */
const natural = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });

/** The grouped summaries with their intervals, by system (in first-seen order), then group in natural order. */
const groupRows = (groups: GroupedGrounding[], systems: readonly string[], options: BootstrapOptions): GroundingRow[] =>
  [...groups]
    .sort((a, b) => systems.indexOf(a.system) - systems.indexOf(b.system) || natural(a.group, b.group))
    .map(({ probes, ...row }) => ({ ...row, intervals: groundingIntervals(probes, options) }));

/** Every DSB-DG table of the study's DSB-DG episodes; `turnsOf` gives an episode's timed speech turns. */
export function dsbDgSection(
  episodes: readonly MetricsEpisode[],
  turnsOf: (episodeId: number) => readonly TimedTurn[],
  bootstrap: BootstrapOptions,
  notes: string[],
): DsbDgSection {
  const probes: GroundingProbe[] = [];
  const byRun: RunProbe[] = [];
  let unlabelled = 0;
  for (const e of episodes) {
    const read = probesOf(e, turnsOf(e.id));
    probes.push(...read.probes);
    byRun.push(...read.probes.map((probe) => ({ trial: e.trial, probe })));
    unlabelled += read.unlabelled;
  }
  if (unlabelled > 0) notes.push(`dsb-dg: ${unlabelled} probe(s) without a grounding label: left out`);
  const systems = [...new Set(probes.map((p) => p.system))];
  const decay = groundingDecayScore(probes, bootstrap);
  for (const row of decay) {
    if (!row.unpaired) continue;
    notes.push(`dsb-dg: ${row.system}: ${row.unpaired} late probe(s) without an answerable early twin: not in the GDS`);
  }
  return {
    episodes: episodes.length,
    probes: probes.length,
    unlabelled,
    bySystem: [...groupBy(probes, (p) => p.system)].map(([system, rows]) => ({
      system,
      summary: summarizeGrounding(rows),
      intervals: groundingIntervals(rows, bootstrap),
    })),
    byTier: groupRows(groundingByGroup(probes, (p) => p.tier), systems, bootstrap),
    byDomain: groupRows(groundingByGroup(probes, (p) => p.domain), systems, bootstrap),
    decay,
    refresh: refreshBenefit(probes, bootstrap),
    latency: latencyBySystem(probes, bootstrap),
    latencyByTier: [...latencyByTier(probes, bootstrap)].sort(
      (a, b) => systems.indexOf(a.system) - systems.indexOf(b.system) || natural(a.tier, b.tier),
    ),
    runs: groundingByRun(byRun),
  };
}
