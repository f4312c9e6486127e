/** τ-Elicitation tables of the strategy gain by entity difficulty: each strategy's success, then the gains. */
import type { MetricsTable, TauSection } from '../../shared/types/metrics';
import type { DifficultyStratumRow } from '../../shared/types/elicitation-difficulty-rows';
import {
  col,
  conditionLabel,
  coverage,
  estimateColumns,
  intervalCells,
  rateCells,
  rateColumns,
  systemLabel,
  withMinimum,
} from './table-kit';

const systemOf = (r: DifficultyStratumRow) =>
  r.system === null ? `(mean of ${r.systems.length} systems)` : systemLabel(r.system);
const points = (v: number | null) => (v === null ? null : v * 100);

/** The two tables of a τ section's `strategyByDifficulty` (none when it is empty). */
export function difficultyTables(t: TauSection, confidence: number): MetricsTable[] {
  const rows = t.strategyByDifficulty;
  if (!rows.length) return [];
  const section = t.benchmark;
  const withCondition = rows.some((r) => Object.keys(r.condition).length > 0);
  const head = (r: DifficultyStratumRow) => ({
    system: systemOf(r),
    ...(withCondition ? { condition: conditionLabel(r.condition) } : {}),
    environment: r.environment,
    difficulty: r.difficulty,
  });
  const headColumns = [
    col('system', 'system'),
    ...(withCondition ? [col('condition', 'condition')] : []),
    col('environment', 'environment'),
    col('difficulty', 'difficulty'),
  ];
  const ci = `${coverage(confidence)} intervals: percentile bootstrap resampling the cell's tasks.`;
  const source =
    'Difficulty = the easy/hard of the task id (intake_<entity>_<easy|hard>_<nn>), the benchmark’s own ' +
    'type-relative split (10 easy and 10 hard tasks per entity bank).';
  const success = rows.flatMap((r) => r.strategies.map((s) => ({ r, s })));
  const gains = rows.flatMap((r) => r.gains.map((g) => ({ r, g })));
  const tables: MetricsTable[] = [
    {
      id: `${section}-difficulty-success`,
      section,
      title: 'Success by prompting strategy and entity difficulty',
      columns: [
        ...headColumns,
        col('strategy', 'strategy'),
        col('tasks', 'tasks', 'int'),
        ...rateColumns('success', 'success', true),
      ],
      rows: success.map(({ r, s }) => ({
        ...head(r),
        strategy: s.strategy,
        tasks: s.tasks,
        ...rateCells('success', s.success),
        ...intervalCells('success', s.interval),
      })),
      ...withMinimum(
        `${source} Success = successes / scored calls; a mean-of-systems row pools the systems' calls. ${ci}` +
          (gains.length ? '' : ' No cell has a second strategy beside agent-directed, so no gain is shown.'),
        success.map(({ s }) => s),
        t.minCellItems,
      ),
    },
  ];
  if (gains.length) {
    tables.push({
      id: `${section}-difficulty-gain`,
      section,
      title: 'Strategy gain over agent-directed by entity difficulty (pp), paired by task',
      columns: [
        ...headColumns,
        col('strategy', 'strategy'),
        col('tasks', 'paired tasks', 'int'),
        ...rateColumns('baseline', 'baseline'),
        ...rateColumns('treatment', 'strategy'),
        ...estimateColumns('gain', 'gain (pp)'),
        col('better', 'tasks won', 'int'),
        col('worse', 'tasks lost', 'int'),
        col('p', 'sign test p', 'p'),
        col('holmP', 'Holm p', 'p'),
        col('timedTasks', 'timed tasks', 'int'),
        ...estimateColumns('seconds', 'Δ s per call'),
      ],
      rows: gains.map(({ r, g }) => ({
        ...head(r),
        strategy: g.strategy,
        tasks: g.pairedTasks,
        ...rateCells('baseline', g.baselineSuccess),
        ...rateCells('treatment', g.strategySuccess),
        gain: points(g.gain.estimate),
        gainLow: points(g.gain.low),
        gainHigh: points(g.gain.high),
        better: g.better,
        worse: g.worse,
        p: g.p,
        holmP: g.holmP,
        timedTasks: g.timedTasks,
        seconds: g.secondsGain.estimate,
        ...intervalCells('seconds', g.secondsGain),
      })),
      ...withMinimum(
        `${source} Gain = mean over the tasks both strategies have of (strategy − baseline) success, in points; a ` +
          'mean-of-systems row averages the systems’ gains (the paper’s “averaged across systems”). Sign test: ' +
          'exact two-sided binomial test of tasks won against tasks lost (ties left out; per task the mean over ' +
          `systems in a mean-of-systems row); Holm across the strata of the same row group. ${ci}`,
        gains.map(({ g }) => g),
        t.minCellItems,
      ),
    });
  }
  return tables;
}
