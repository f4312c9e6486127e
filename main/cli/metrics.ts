/** `earshot metrics --study X`: every figure the studio computes for a study, as one document. */
import type { Services } from '../services/services';
import { studyInteractionMetrics } from '../metrics/interaction-metrics';
import type { CliOptions } from './args';
import { requireStudy, type CommandOutput } from './commands';

/** Prints the study's metrics. */
export function metricsCommand(s: Services, opts: CliOptions): CommandOutput {
  const study = requireStudy(s, opts);
  const interaction = studyInteractionMetrics(s.db, study.id);
  const json = { study, interaction };
  const lines = [`${study.name}`];
  if (interaction) {
    const o = interaction.overall;
    lines.push(
      `interaction (${o.counts.simulations} full-duplex calls): response latency ${fmt(o.responseLatencyMeanSec)} s, yield latency ${fmt(o.yieldLatencyMeanSec)} s, ` +
        `response rate ${fmt(o.responseRate)}, yield rate ${fmt(o.yieldRate)}, agent interruption rate ${fmt(o.agentInterruptionRate)}, ` +
        `selectivity backchannel ${fmt(o.selectivityBackchannel)} / vocal tic ${fmt(o.selectivityVocalTic)} / non-directed ${fmt(o.selectivityNonDirected)}`,
    );
  }
  return { json, text: lines.join('\n') };
}

function fmt(v: number | null): string {
  return v === null ? '–' : v.toFixed(3);
}
