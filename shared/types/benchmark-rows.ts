/** Result rows of the τ-family benchmark statistics: computed on the main side, shown by the renderer. */

/** A proportion that keeps its numerator and denominator, so tables can show "103/200" next to 0.515. */
export interface Rate {
  numerator: number;
  denominator: number;
  /** numerator / denominator, or null when the denominator is 0. */
  value: number | null;
}

/** Median, mean and 95th percentile (type 7) of a latency sample; nulls are skipped and counted. */
export interface LatencySummary {
  n: number;
  missing: number;
  p50: number | null;
  mean: number | null;
  p95: number | null;
}

/** McNemar's test on the discordant pairs of a paired 2×2 table. */
export interface McNemarResult {
  /** Pairs where the first arm is right and the second wrong. */
  b: number;
  /** Pairs where the first arm is wrong and the second right. */
  c: number;
  /** Exact two-sided p: binomial test of b out of b + c at 1/2. */
  exactP: number;
  /** Continuity-corrected statistic max(0, |b − c| − 1)² / (b + c); 0 when b + c = 0. */
  chiSquare: number;
  /** Upper χ²₁ tail of chiSquare. */
  chiSquareP: number;
}

/** Success rate (= Pass@1 with one trial per task) of one system under one condition. */
export interface SuccessRateRow {
  system: string;
  condition: Record<string, string>;
  /** Episodes in the cell, scored or not. */
  episodes: number;
  /** Episodes with a null reward: excluded from the rate and reported here. */
  unscored: number;
  /** Successes over scored episodes. */
  success: Rate;
}

/** pass^k of one (system, condition) cell, with the tasks left out for having fewer than k scored trials. */
export interface PassHatKRow {
  system: string;
  condition: Record<string, string>;
  k: number;
  /** Mean over included tasks of C(c, k) / C(n, k); null when no task has k scored trials. */
  value: number | null;
  /** Tasks that entered the mean. */
  tasks: number;
  /** Tasks excluded because they have fewer than k scored trials, with the count they have. */
  excluded: { task: string; trials: number }[];
}

/** Pass^N across environments for one system under one setting of the other condition keys (e.g. one strategy). */
export interface CrossEnvironmentRow {
  system: string;
  /** The condition without the environment key. */
  condition: Record<string, string>;
  /** Tasks that succeed in every environment, over tasks with exactly one scored episode in every environment. */
  passAll: Rate;
  /** Tasks left out because an environment has no scored episode, with the environments missing. */
  incomplete: { task: string; missing: string[] }[];
  /** Tasks left out because an environment has more than one scored episode (ambiguous which trial counts). */
  duplicated: { task: string; environments: string[] }[];
}

/** One pairwise comparison of two systems on the episodes they share. */
export interface SystemComparison {
  /** First system (alphabetical order). */
  systemA: string;
  systemB: string;
  /** Scored episodes present for both systems with the same task, condition and trial. */
  pairs: number;
  successesA: number;
  successesB: number;
  /** McNemar with b = A right & B wrong, c = A wrong & B right. */
  test: McNemarResult;
  /** Holm-adjusted exact p over all comparisons in the result. */
  holmP: number;
}

/** First-capture versus final-value accuracy over a set of gold fields. */
export interface CaptureAccuracy {
  /** Gold fields considered. */
  fields: number;
  /** Fields with no `log_capture` at all (count as not correct at first capture). */
  firstMissing: number;
  /** First logged value matches gold, over all gold fields. */
  first: Rate;
  /** Submitted value matches gold, over all gold fields (never submitted = not correct). */
  final: Rate;
  /** Fields wrong or missing at first capture but correct when submitted. */
  repaired: number;
  /** Fields correct at first capture but wrong or missing when submitted. */
  regressed: number;
}

/** How verification (spelling request or read-back) relates to first-capture errors and their repair. */
export interface VerificationRepair {
  /** Verified among fields whose first capture was logged and wrong. */
  verifiedGivenFirstWrong: Rate;
  /** Verified among fields whose first capture was correct. */
  verifiedGivenFirstRight: Rate;
  /** Final value correct among verified fields whose first capture was wrong. */
  repairedGivenVerified: Rate;
  /** Final value correct among unverified fields whose first capture was wrong. */
  repairedGivenUnverified: Rate;
}

/** Verification effort of one system in one group of calls. */
export interface VerificationEffortRow {
  system: string;
  group: string;
  calls: number;
  spellRequests: number;
  readBacks: number;
  corrected: number;
  /** (spell requests + read-backs) / calls. */
  meanPerCall: number;
}
