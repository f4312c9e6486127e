/** Tables of interaction panels published beside imported runs: published, recomputed, and their difference. */
import type { MetricsTable, StudyMetrics } from '../../shared/types/metrics';
import { col } from './table-kit';

/** tau2's symbols and names of the figures (docs/metrics-interaction.md). */
const LABELS: Record<string, string> = {
  responseLatencyMeanSec: 'L_R response latency, mean (s)',
  yieldLatencyMeanSec: 'L_Y yield latency, mean (s)',
  responseRate: 'R_R response rate',
  yieldRate: 'R_Y yield rate',
  agentInterruptionRate: 'I_A agent interruption rate',
  selectivityBackchannel: 'S_BC selectivity, backchannels',
  selectivityVocalTic: 'S_VT selectivity, vocal tics',
  selectivityNonDirected: 'S_ND selectivity, non-directed speech',
  'counts.simulations': 'calls (n_simulations)',
  'counts.responseTotal': 'response_total',
  'counts.yieldTotal': 'yield_total',
  'counts.backchannelTotal': 'backchannel_total',
  'counts.vocalTicTotal': 'vocal_tic_total',
  'counts.nonDirectedTotal': 'non_directed_total',
  'counts.agentInterruptions': 'agent_interrupts_count',
};

/** One table per published panel (a submission's domain), a row per figure. */
export function publishedInteractionTables(m: StudyMetrics['interaction']): MetricsTable[] {
  return (m?.published ?? []).map((p, i) => ({
    id: `interaction-published-${i + 1}`,
    section: 'interaction',
    title: `τ² interaction metrics: published by ${p.submission ?? 'the submission'} (${p.domain}) vs recomputed`,
    columns: [
      col('figure', 'figure'),
      col('published', 'published', 'num'),
      col('recomputed', 'recomputed', 'num'),
      col('difference', 'recomputed − published', 'num'),
    ],
    rows: p.rows.map((r) => ({ ...r, figure: LABELS[r.figure] ?? r.figure })),
    note:
      `Published: ${p.file} → interaction_metrics.domains.${p.domain}` +
      `${p.version ? ` (metrics version ${p.version})` : ''}. Recomputed over the ${p.simulations} call(s) of this ` +
      'study imported with it. The leaderboard recomputes its panel over all of a submission’s calls, so a study ' +
      'holding only some of them differs by design.',
  }));
}
