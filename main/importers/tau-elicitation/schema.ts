/**
 * The τ-Elicitation reproduction archive's record shapes (tau2-bench branch `tau-elicitation`,
 * `papers/tau-intake/v1/reproduction/`), checked at the file boundary; unknown fields are ignored.
 */
import { z } from 'zod';

const int = z.number().int();
const text = z.string().nullish();

/** One entry of a compact transcript: agent speech, or a tool event of the agent or of the (silent) caller. */
const elicitTurn = z.object({
  order: int,
  role: z.string(),
  source: z.string(),
  text: z.string().nullish(),
  tool_arguments: z.unknown().nullish(),
  tool_name: text,
  tool_result: text,
});

/** One call in schema `tau-elicit-compact-transcript-v1` (a JSONL line, or a whole example file). */
export const elicitTranscript = z.object({
  schema_version: z.literal('tau-elicit-compact-transcript-v1'),
  cell: z.string().min(1),
  cohort: z.string(),
  simulation_id: z.string().min(1),
  source_simulation_sha256: text,
  task_id: z.string().min(1),
  trial: int.nonnegative(),
  seed: int.nullish(),
  reward: z.number().finite().nullable(),
  termination_reason: text,
  duration_seconds: z.number().nonnegative().nullish(),
  tick_count: int.nullish(),
  evaluation_fields: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).default({}),
  complication: z.record(z.string(), z.unknown()).nullish(),
  speech_environment: z.record(z.string(), z.unknown()).nullish(),
  turns: z.array(elicitTurn),
});

/** One row of `results/manifest.csv`: a frozen results root (cell) and its system and condition. */
export const manifestRow = z.looseObject({
  results_path: z.string().min(1),
  cohort: z.string(),
  system: z.string().min(1),
  condition: z.string().min(1),
  model: z.string().optional(),
  provider: z.string().optional(),
  reasoning_effort: z.string().optional(),
  transcript_file: z.string().optional(),
  transcript_sha256: z.string().optional(),
});

/** One automated utterance judgment of `speech_judgments/utterances.jsonl`. */
export const utteranceJudgment = z.object({
  simulation_id: z.string().min(1),
  utterance_index: int,
  expected_text: z.string().default(''),
  outcome: text,
  severity: z.number().nullish(),
  summary: z.string().default(''),
  findings: z.array(z.object({ category: text, issue: z.string(), severity: z.number().nullish(), time_range: text })).default([]),
  judge_model: text,
  judge_prompt_version: text,
});

const cell = z.string();
const binary = z.enum(['0', '1']);

/** One row of `judge_validation/validation.csv`: a call (with both raters' labels) or one judge finding on a call. */
export const validationRow = z.object({
  unit_type: z.enum(['call', 'finding']),
  clip_id: cell,
  simulation_id: z.string().min(1),
  task_id: cell,
  bank: cell,
  tier: cell,
  reward: cell,
  factor: cell,
  utterance_index: cell,
  utterance_text: cell,
  judge_label: binary,
  judge_severity: cell,
  judge_issue: cell,
  human_positive_votes: cell,
  human_strict_label: cell,
  human_lenient_label: cell,
  human_severity_a: cell,
  human_severity_b: cell,
  human_error_source_a: cell,
  human_error_source_b: cell,
  human_error_subtype_a: cell,
  human_error_subtype_b: cell,
  human_notes_a: cell,
  human_notes_b: cell,
});

/** A parsed compact transcript. */
export type ElicitTranscript = z.output<typeof elicitTranscript>;
/** A parsed manifest row. */
export type ManifestRow = z.output<typeof manifestRow>;
/** A parsed utterance judgment. */
export type UtteranceJudgment = z.output<typeof utteranceJudgment>;
/** A parsed validation row. */
export type ValidationRow = z.output<typeof validationRow>;
