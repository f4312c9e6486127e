/** DSB-DG figures per run (repeat) and their median over runs: the paper runs every item three times and reports the median. */
import { median } from '../median';
import { groupBy } from './group';
import { groundingDecayScore } from './grounding-decay';
import { summarizeGrounding } from './grounding-metrics';
import type { GroundingProbe } from './grounding-probe';
import { refreshBenefit } from './refresh-benefit';
import type { GroundingRunFigures, GroundingRunsRow } from '../../../shared/types/grounding-rows';

/** A probe with the run (trial) it was asked in. */
export interface RunProbe {
  trial: number;
  probe: GroundingProbe;
}

/** Point estimates only: the per-run figures carry no interval, so the bootstrap draws the minimum. */
const POINT = { resamples: 1 };

const medianOf = (values: readonly (number | null)[]): number | null =>
  median(values.filter((v): v is number => v !== null));

/**
 * Per system, in first-seen order: grounding accuracy, GDS and the refresh benefits computed on each run's probes
 * alone (runs in trial order), and the median of each over the runs where it is defined.
 */
export function groundingByRun(probes: readonly RunProbe[]): GroundingRunsRow[] {
  return [...groupBy(probes, (p) => p.probe.system)].map(([system, list]) => {
    const byTrial = [...groupBy(list, (p) => String(p.trial))].sort(([a], [b]) => Number(a) - Number(b));
    const runs: GroundingRunFigures[] = byTrial.map(([trial, rows]) => {
      const own = rows.map((r) => r.probe);
      const refresh = refreshBenefit(own, POINT);
      const benefit = (s: 'single' | 'multiple') => refresh.find((r) => r.schedule === s)?.benefit ?? null;
      return {
        trial: Number(trial),
        accuracy: summarizeGrounding(own).accuracy,
        gds: groundingDecayScore(own, POINT)[0]?.gds ?? null,
        single: benefit('single'),
        multiple: benefit('multiple'),
      };
    });
    return {
      system,
      runs,
      median: {
        accuracy: medianOf(runs.map((r) => r.accuracy.value)),
        gds: medianOf(runs.map((r) => r.gds)),
        single: medianOf(runs.map((r) => r.single)),
        multiple: medianOf(runs.map((r) => r.multiple)),
      },
    };
  });
}
