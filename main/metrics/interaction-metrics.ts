/**
 * τ² interaction metrics for a study: pooled over its full-duplex episodes, overall and per system, and, for episodes
 * imported with a submission's published panel, that panel against the same episodes' recomputation.
 */
import type { Db } from '../db/open';
import { configForTick, runMetrics, type InteractionSimulation } from '../stats/interaction/index';
import { hasCompactTicks, ticksFromCompact } from '../stats/interaction/from-compact';
import { studyEpisodeInfos } from '../db/study-episodes';
import type { PublishedInteractionPanel, StudyInteractionMetrics } from '../../shared/types/interaction-metrics';
import { comparePublished, publishedKey, publishedPanelOf } from './published-interaction';

/** Computes tau2's interaction metrics over every episode of the study that carries ticks. */
export function studyInteractionMetrics(db: Db, studyId: number): StudyInteractionMetrics | null {
  const bySystem = new Map<string, InteractionSimulation[]>();
  const all: InteractionSimulation[] = [];
  const published = new Map<string, { panel: PublishedInteractionPanel; sims: InteractionSimulation[] }>();
  let tickMs: number | null = null;
  for (const row of studyEpisodeInfos(db, studyId)) {
    const info = JSON.parse(row.infoJson) as Record<string, unknown>;
    if (!hasCompactTicks(info)) continue;
    const ticks = ticksFromCompact(info);
    if (ticks.length === 0) continue;
    const ms = typeof info.tickDurationMs === 'number' ? info.tickDurationMs : 200;
    if (tickMs !== null && ms !== tickMs) throw new Error(`episode ${row.externalId}: tick duration ${ms} ms differs from ${tickMs} ms in the same study`);
    tickMs = ms;
    const sim = { id: row.externalId, ticks };
    all.push(sim);
    bySystem.set(row.system, [...(bySystem.get(row.system) ?? []), sim]);
    const panel = publishedPanelOf(info);
    if (panel) {
      const key = publishedKey(panel);
      const group = published.get(key) ?? { panel, sims: [] };
      group.sims.push(sim);
      published.set(key, group);
    }
  }
  if (all.length === 0 || tickMs === null) return null;
  const config = configForTick(tickMs / 1000);
  return {
    tickDurationSec: tickMs / 1000,
    overall: runMetrics(all, config),
    bySystem: Object.fromEntries([...bySystem].map(([system, sims]) => [system, runMetrics(sims, config)])),
    ...(published.size > 0
      ? { published: [...published.values()].map((g) => comparePublished(g.panel, runMetrics(g.sims, config))) }
      : {}),
  };
}
