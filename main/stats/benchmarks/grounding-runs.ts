/** DSB-DG figures per run (repeat) and their median over runs: the paper runs every item three times and reports the median. */
import { median } from '../median';
import { groupBy } from './group';
import { groundingDecayScore } from './grounding-decay';
import { summarizeGrounding } from './grounding-metrics';
import type { GroundingProbe } from './grounding-probe';
import { latencyBySystem } from './quality-adjusted-latency';
import { refreshBenefit } from './refresh-benefit';
import type {
  GroundingRunFigures,
  GroundingRunMedians,
  GroundingRunsRow,
} from '../../../shared/types/grounding-rows';

/** A probe with the run (trial) it was asked in. */
export interface RunProbe {
  trial: number;
  probe: GroundingProbe;
}

/** Point estimates only: the per-run figures carry no interval, so the bootstrap draws the minimum. */
const POINT = { resamples: 1 };

const medianOf = (values: readonly (number | null)[]): number | null =>
  median(values.filter((v): v is number => v !== null));

/** The figures of one run, computed on its probes alone. */
function runFigures(trial: number, own: readonly GroundingProbe[]): GroundingRunFigures {
  const refresh = refreshBenefit(own, POINT);
  const benefit = (s: 'single' | 'multiple') => refresh.find((r) => r.schedule === s)?.benefit ?? null;
  const summary = summarizeGrounding(own);
  const latency = latencyBySystem(own, POINT)[0];
  return {
    trial,
    accuracy: summary.accuracy,
    gds: groundingDecayScore(own, POINT)[0]?.gds ?? null,
    single: benefit('single'),
    multiple: benefit('multiple'),
    hallucination: summary.hallucination,
    refusal: summary.refusalOnUnanswerable,
    falseConfidence: summary.falseConfidence,
    fted: latency?.firstAudio.p50 ?? null,
    qal: latency?.qal ?? null,
  };
}

/** The median of each figure over the runs where it is defined. */
function medians(runs: readonly GroundingRunFigures[]): GroundingRunMedians {
  const of = (value: (r: GroundingRunFigures) => number | null) => medianOf(runs.map(value));
  return {
    accuracy: of((r) => r.accuracy.value),
    gds: of((r) => r.gds),
    single: of((r) => r.single),
    multiple: of((r) => r.multiple),
    hallucination: of((r) => r.hallucination.value),
    refusal: of((r) => r.refusal.value),
    falseConfidence: of((r) => r.falseConfidence.value),
    fted: of((r) => r.fted),
    qal: of((r) => r.qal),
  };
}

/**
 * Per system, in first-seen order: grounding accuracy, GDS, the refresh benefits, hallucination, refusal, false
 * confidence, FTED p50 and QAL computed on each run's probes alone (runs in trial order), and the median of each over
 * the runs where it is defined.
 */
export function groundingByRun(probes: readonly RunProbe[]): GroundingRunsRow[] {
  return [...groupBy(probes, (p) => p.probe.system)].map(([system, list]) => {
    const byTrial = [...groupBy(list, (p) => String(p.trial))].sort(([a], [b]) => Number(a) - Number(b));
    const runs = byTrial.map(([trial, rows]) => runFigures(Number(trial), rows.map((r) => r.probe)));
    return { system, runs, median: medians(runs) };
  });
}
