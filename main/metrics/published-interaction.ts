/** A submission's published interaction panel set beside the same figures recomputed from the imported ticks. */
import type {
  InteractionCounts,
  InteractionMetrics,
  InteractionPanel,
  PublishedInteractionComparison,
  PublishedInteractionPanel,
} from '../../shared/types/interaction-metrics';

const PANEL: readonly (keyof InteractionPanel)[] = [
  'responseLatencyMeanSec',
  'yieldLatencyMeanSec',
  'responseRate',
  'yieldRate',
  'agentInterruptionRate',
  'selectivityBackchannel',
  'selectivityVocalTic',
  'selectivityNonDirected',
];

const COUNTS: readonly (keyof InteractionCounts)[] = [
  'simulations',
  'responseTotal',
  'yieldTotal',
  'backchannelTotal',
  'vocalTicTotal',
  'nonDirectedTotal',
  'agentInterruptions',
];

/** True when `info` (an episode's) carries a published panel. */
export function publishedPanelOf(info: Record<string, unknown>): PublishedInteractionPanel | null {
  const p = info.publishedInteraction as PublishedInteractionPanel | undefined;
  return p && typeof p === 'object' && typeof p.domain === 'string' && p.metrics ? p : null;
}

/** The key episodes imported with the same panel share. */
export function publishedKey(p: PublishedInteractionPanel): string {
  return JSON.stringify([p.file, p.submission, p.domain, p.version, p.metrics, p.counts]);
}

const row = (figure: string, published: number | null | undefined, recomputed: number | null) => ({
  figure,
  published: published ?? null,
  recomputed,
  difference: published == null || recomputed === null ? null : recomputed - published,
});

/** Each panel metric, then each count the submission publishes, with recomputed − published. */
export function comparePublished(
  p: PublishedInteractionPanel,
  recomputed: InteractionMetrics,
): PublishedInteractionComparison {
  const counts = COUNTS.filter((c) => p.counts[c] !== undefined);
  return {
    file: p.file,
    submission: p.submission,
    domain: p.domain,
    version: p.version,
    simulations: recomputed.counts.simulations,
    rows: [
      ...PANEL.map((m) => row(m, p.metrics[m], recomputed[m])),
      ...counts.map((c) => row(`counts.${c}`, p.counts[c], recomputed.counts[c])),
    ],
  };
}
