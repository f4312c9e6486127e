/** Result rows of the τ-Elicitation analyses: prompting strategy, caller voice, caller realisms, repair steps. */
import type { BootstrapInterval } from './bootstrap-interval';
import type { Rate } from './benchmark-rows';

/** Scaffolded against agent-directed (treatment − reference) for one system in one environment, paired by task. */
export interface StrategyPassRow {
  system: string;
  /** The condition without strategy and environment (usually empty). */
  condition: Record<string, string>;
  environment: string;
  /** The strategy compared (e.g. `scaffolded`) and the one it is compared with (e.g. `agent_directed`). */
  treatment: string;
  reference: string;
  /** Tasks scored in both strategies. */
  tasks: number;
  referenceSuccess: Rate;
  treatmentSuccess: Rate;
  /** Mean over paired tasks of (treatment − reference) success; interval resampling tasks. */
  difference: BootstrapInterval;
  /** Tasks with a call duration in both strategies. */
  timedTasks: number;
  /** Mean call duration (s) over the timed tasks. */
  referenceSeconds: number | null;
  treatmentSeconds: number | null;
  /** Mean over timed tasks of (treatment − reference) duration in seconds; interval resampling tasks. */
  secondsDifference: BootstrapInterval;
  /** Fewer paired tasks than the minimum cell size: shown greyed. */
  belowMinimum: boolean;
}

/** Crossed Pass^3 (all three environments) of both strategies for one system, on the tasks complete in both. */
export interface StrategyPass3Row {
  system: string;
  condition: Record<string, string>;
  treatment: string;
  reference: string;
  /** Tasks with exactly one scored call in every environment under both strategies. */
  tasks: number;
  /** Tasks seen under either strategy but not complete under both. */
  unpaired: number;
  referencePass: Rate;
  treatmentPass: Rate;
  /** treatment − reference Pass^3 on the paired tasks; interval resampling tasks. */
  difference: BootstrapInterval;
  belowMinimum: boolean;
}

/** One caller voice's success in a cell. */
export interface VoiceSuccess {
  voice: string;
  success: Rate;
  /** Interval from the bootstrap of the cell’s tasks. */
  interval: BootstrapInterval;
  belowMinimum: boolean;
}

/** Two voices of one cell compared: success difference (A − B) and the two-sided Fisher exact test. */
export interface VoiceContrast {
  voiceA: string;
  voiceB: string;
  /** A − B success; interval from the same bootstrap of the cell’s tasks. */
  difference: BootstrapInterval;
  /** Fisher exact p; null when either voice has fewer calls than the minimum (no test). */
  p: number | null;
  /** Holm-adjusted across the tested pairs of the cell; null without a test. */
  holmP: number | null;
  belowMinimum: boolean;
}

/** Success by caller voice (persona) for one (system, condition) cell. */
export interface CallerVoiceRow {
  system: string;
  condition: Record<string, string>;
  /** Scored calls with a voice. */
  calls: number;
  /** Scored calls that name no voice: left out. */
  unvoiced: number;
  /** Voices from best to worst success (ties by name). */
  voices: VoiceSuccess[];
  /** Best − worst success among voices at or above the minimum; null with fewer than two of them. */
  spread: number | null;
  /** Exact Fisher–Freeman–Halton test over the voices at or above the minimum; null when not computed. */
  omnibusP: number | null;
  /** Holm-adjusted across the cells tested. */
  omnibusHolmP: number | null;
  contrasts: VoiceContrast[];
}

/** One side of an assignment-weighted contrast, pooled over environments. */
export interface WeightedArm {
  /** Assignment units (task × environment) in the contrast. */
  units: number;
  /** Kish effective sample size of the inverse-probability weights. */
  effectiveN: number;
  /** Weighted mean outcome (success rate, share with a spelling request, or seconds). */
  weightedMean: number | null;
}

/** What a realism contrast measures. */
export type RealismOutcome = 'success' | 'spelling_request' | 'duration_s';

/** The assignment effect of one caller realism (or of any) against a clean assignment, on one outcome. */
export interface RealismEffectRow {
  /** Complication kind, or null for any realism. */
  kind: string | null;
  outcome: RealismOutcome;
  assigned: WeightedArm;
  clean: WeightedArm;
  /** Mean over environments of the within-environment Hájek contrast (fraction or seconds); interval over tasks. */
  effect: BootstrapInterval;
  /** The within-environment contrasts. */
  environmentEffects: Record<string, number>;
  /** Two-sided randomization p (assignments redrawn from their probabilities, +1 correction); null without a test. */
  p: number | null;
  /** Holm-adjusted across the tested rows of the same arm and outcome. */
  holmP: number | null;
  /** Fewer assigned or clean units than the minimum: no test, shown greyed. */
  belowMinimum: boolean;
}

/** Caller-realism effects of one prompting arm (the condition without its environment), systems pooled per unit. */
export interface RealismArm {
  condition: Record<string, string>;
  systems: string[];
  /** Task × environment units with at least one scored call. */
  units: number;
  /** Units whose calls record different realisms (left out). */
  conflicting: number;
  /** Effects on exact success, any realism first. */
  effects: RealismEffectRow[];
  /** Mispronunciation's repair cost: effects on a spelling request and on call duration. */
  repairCost: RealismEffectRow[];
}

/** Recovery (final value correct) of initially wrong captures by the verification steps taken on the field. */
export type RepairStep = 'neither' | 'read_back_only' | 'spelling_only' | 'both';

/** One repair step of one (system, condition) cell. */
export interface RecoveryStepRow {
  system: string;
  condition: Record<string, string>;
  step: RepairStep;
  /** Final value correct over fields whose first logged capture was wrong and that got exactly this step. */
  recovered: Rate;
  /** Interval resampling tasks. */
  interval: BootstrapInterval;
  belowMinimum: boolean;
}

/** Episodes of a subset (examples, validation-only calls) kept out of the system tables. */
export interface SubsetCount {
  subset: string;
  episodes: number;
  /** Episodes with a reward, and how many succeeded. */
  success: Rate;
}
