/** The DSB-DG table of figures run by run (repeat) with their median, as the paper reports the median of three runs. */
import type { DsbDgSection, MetricsTable } from '../../shared/types/metrics';
import { col, systemLabel } from './table-kit';

/** One row per system and run, then a median row per system; none when every system has a single run. */
export function dsbRunTables(d: DsbDgSection): MetricsTable[] {
  if (!d.runs.some((r) => r.runs.length > 1)) return [];
  return [
    {
      id: 'dsb-dg-runs',
      section: 'dsb-dg',
      title: 'DSB-DG figures per run and their median over runs',
      columns: [
        col('system', 'system'),
        col('run', 'run'),
        col('probes', 'answerable probes', 'int'),
        col('accuracy', 'grounding accuracy', 'rate'),
        col('gds', 'GDS (pp)', 'num'),
        col('single', 'single refresh benefit (pp)', 'num'),
        col('multiple', 'multiple refresh benefit (pp)', 'num'),
        col('hallucination', 'hallucination', 'rate'),
        col('refusal', 'refusal on unanswerable', 'rate'),
        col('falseConfidence', 'false confidence', 'rate'),
        col('fted', 'FTED p50', 'ms'),
        col('qal', 'QAL', 'num'),
      ],
      rows: d.runs.flatMap((r) => [
        ...r.runs.map((x) => ({
          system: systemLabel(r.system),
          run: String(x.trial),
          probes: x.accuracy.denominator,
          accuracy: x.accuracy.value,
          gds: x.gds,
          single: x.single,
          multiple: x.multiple,
          hallucination: x.hallucination.value,
          refusal: x.refusal.value,
          falseConfidence: x.falseConfidence.value,
          fted: x.fted,
          qal: x.qal,
        })),
        { system: systemLabel(r.system), run: 'median', probes: null, ...r.median },
      ]),
      note:
        'Each figure computed on one run’s probes alone (run = repeat number), then the median over the runs where it ' +
        'is defined (mean of the middle two for an even count). Point estimates; intervals are in the tables above.',
    },
  ];
}
