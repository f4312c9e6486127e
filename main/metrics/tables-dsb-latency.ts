/** The DSB-DG latency tables: FTED p50 / mean / p95 with their intervals, per system (with QAL) and per tier. */
import type { DsbDgSection, MetricsTable } from '../../shared/types/metrics';
import type { LatencySummary } from '../../shared/types/benchmark-rows';
import type { LatencyIntervals } from '../../shared/types/grounding-rows';
import { col, coverage, intervalCells, rateCells, rateColumns, systemLabel } from './table-kit';

/** FTED columns: timed and untimed counts, then p50, mean and p95, each with its interval's low and high. */
const ftedColumns = (): MetricsTable['columns'] => [
  col('n', 'timed', 'int'),
  col('missing', 'untimed', 'int'),
  ...(['p50', 'mean', 'p95'] as const).flatMap((k) => [
    col(k, `FTED ${k}`, 'ms'),
    col(`${k}Low`, 'low', 'ms'),
    col(`${k}High`, 'high', 'ms'),
  ]),
];

const ftedCells = (s: LatencySummary, i: LatencyIntervals) => ({
  n: s.n,
  missing: s.missing,
  p50: s.p50,
  ...intervalCells('p50', i.p50),
  mean: s.mean,
  ...intervalCells('mean', i.mean),
  p95: s.p95,
  ...intervalCells('p95', i.p95),
});

/** The per-system FTED and QAL table and the per-tier FTED table (each only when it has rows). */
export function dsbLatencyTables(d: DsbDgSection, confidence: number): MetricsTable[] {
  const section = 'dsb-dg';
  const intervals = `${coverage(confidence)} intervals resample scripts.`;
  const tables: MetricsTable[] = [
    {
      id: 'dsb-dg-latency',
      section,
      title: 'First-token emission delay (FTED) and quality-adjusted latency',
      columns: [
        col('system', 'system'),
        ...ftedColumns(),
        ...rateColumns('accuracyT3', 'GA at T3'),
        col('qal', 'QAL', 'num'),
        col('qalLow', 'low', 'num'),
        col('qalHigh', 'high', 'num'),
      ],
      rows: d.latency.map((r) => ({
        system: systemLabel(r.system),
        ...ftedCells(r.firstAudio, r.firstAudioIntervals),
        ...rateCells('accuracyT3', r.accuracyT3),
        qal: r.qal,
        ...intervalCells('qal', r.interval),
      })),
      note:
        'QAL = p50 FTED × (1 − GA at T3) in ms, lower is better; empty without T3 probes or timings. Percentiles of ' +
        `type 7 over the system's timed probes. ${intervals}`,
    },
    {
      id: 'dsb-dg-latency-tier',
      section,
      title: 'First-token emission delay (FTED) per context tier',
      columns: [col('system', 'system'), col('tier', 'tier'), ...ftedColumns()],
      rows: d.latencyByTier.map((r) => ({
        system: systemLabel(r.system),
        tier: r.tier,
        ...ftedCells(r.firstAudio, r.firstAudioIntervals),
      })),
      note: `Percentiles of type 7 over the timed probes of each tier. ${intervals}`,
    },
  ];
  return tables.filter((t) => t.rows.length > 0);
}
