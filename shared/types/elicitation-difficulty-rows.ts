/** Result rows of τ-Elicitation's strategy gain by entity difficulty (easy / hard from the task id). */
import type { BootstrapInterval } from './bootstrap-interval';
import type { Rate } from './benchmark-rows';

/** One prompting strategy's success on the tasks of one difficulty stratum. */
export interface StratumStrategySuccess {
  strategy: string;
  /** Tasks of the stratum with a scored call under this strategy. */
  tasks: number;
  /** Successes over scored calls. */
  success: Rate;
  /** Interval resampling the cell's tasks. */
  interval: BootstrapInterval;
  /** Fewer tasks than the minimum cell size: shown greyed. */
  belowMinimum: boolean;
}

/** A strategy against the baseline strategy on one stratum, paired by task. */
export interface StratumStrategyGain {
  strategy: string;
  baseline: string;
  /** Tasks of the stratum scored under both strategies. */
  pairedTasks: number;
  /** Both sides' success over their scored calls on the paired tasks. */
  baselineSuccess: Rate;
  strategySuccess: Rate;
  /** Mean over paired tasks of (strategy − baseline) success share (fraction); interval resampling tasks. */
  gain: BootstrapInterval;
  /** Paired tasks on which the strategy did better, and worse, than the baseline (the sign test's counts). */
  better: number;
  worse: number;
  /** Exact two-sided sign test on better vs worse; null below the minimum (no test). */
  p: number | null;
  /** Holm-adjusted across the strata tested in the same cell and strategy; null without a test. */
  holmP: number | null;
  /** Paired tasks with a call duration under both strategies. */
  timedTasks: number;
  /** Mean over timed tasks of (strategy − baseline) call seconds; interval resampling tasks. */
  secondsGain: BootstrapInterval;
  belowMinimum: boolean;
}

/** One difficulty stratum of one (system, condition, environment) cell, or of all systems averaged. */
export interface DifficultyStratumRow {
  /** The system, or null for the mean over `systems` (each system's gain averaged, as the paper reports). */
  system: string | null;
  systems: string[];
  /** The condition without strategy and environment (usually empty). */
  condition: Record<string, string>;
  environment: string;
  /** `easy` or `hard` from the task id (`intake_<entity>_<easy|hard>_<nn>`), `unknown` when the id does not parse. */
  difficulty: string;
  /** Every strategy of the cell, the baseline first. */
  strategies: StratumStrategySuccess[];
  /** Every other strategy against the baseline; empty when the cell lacks the baseline. */
  gains: StratumStrategyGain[];
}
