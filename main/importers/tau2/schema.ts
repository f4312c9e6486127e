/**
 * The parts of τ²-bench / τ-Voice run files the importer reads, checked at the file boundary. Field meanings follow
 * tau2-bench `src/tau2/data_model/simulation.py` and `message.py`; unknown fields are allowed and ignored.
 */
import { z } from 'zod';

const int = z.number().int();
const text = z.string().nullish();

const speechInsert = z.object({ text: z.string(), type: z.string() }).nullish();

/** One side's chunk of a full-duplex tick (AssistantMessage / UserMessage, slimmed). */
const chunk = z
  .object({
    content: text,
    contains_speech: z.boolean().default(true),
    turn_taking_action: z.object({ action: z.string(), info: text }).nullish(),
    speech_effects: z.object({ dynamic_muffling_enabled: z.boolean().nullish(), speech_insert: speechInsert }).nullish(),
    source_effects: z.object({ burst_noise_file: text, speech_insert: speechInsert }).nullish(),
    raw_data: z.record(z.string(), z.unknown()).nullish(),
  })
  .nullish();

const toolCall = z.object({
  id: z.string().default(''),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).default({}),
  requestor: z.enum(['user', 'assistant']).default('assistant'),
});

const toolMessage = z.object({
  id: z.string(),
  role: z.literal('tool'),
  content: text,
  requestor: z.enum(['user', 'assistant']).default('assistant'),
  error: z.boolean().default(false),
  turn_idx: int.nullish(),
  timestamp: text,
});

/** A full-duplex tick: what both sides did during one tick. Its tool lists stay absent when absent (most ticks have none). */
export const tau2Tick = z.object({
  tick_id: int.nonnegative(),
  agent_chunk: chunk,
  user_chunk: chunk,
  agent_tool_calls: z.array(toolCall).optional(),
  user_tool_calls: z.array(toolCall).optional(),
  agent_tool_results: z.array(toolMessage).optional(),
  user_tool_results: z.array(toolMessage).optional(),
});

const participant = (role: 'user' | 'assistant') =>
  z.object({ role: z.literal(role), content: text, tool_calls: z.array(toolCall).nullish(), turn_idx: int.nullish(), timestamp: text });

/** A half-duplex message: system, user, assistant, tool result, or several tool results at once. */
const tau2Message = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: text, turn_idx: int.nullish(), timestamp: text }),
  participant('user'),
  participant('assistant'),
  toolMessage
    .partial({ id: true })
    .extend({ tool_messages: z.array(toolMessage).nullish() })
    .refine((m) => m.id !== undefined || m.tool_messages, { message: 'a tool message needs "id" or "tool_messages"' }),
]);

const check = { met: z.boolean(), justification: z.string().default('') };

/** A tool call the evaluator ran to rebuild state (ReplayedAction): from the trajectory or the reference actions. */
const replayedAction = z.object({
  source: z.string(),
  tool_call: z.looseObject({ name: z.string(), arguments: z.record(z.string(), z.unknown()).default({}) }),
});

/**
 * The evaluator's reward and its checks (RewardInfo). Newer tau2-bench adds the evaluation's provenance: whether the
 * state judged was the live environment or one replayed from the messages (`evaluation_mode` live | replay,
 * `state_source` live | replayed), the tool calls replayed to rebuild it, and provenance or replay-fidelity warnings.
 * Other values than these are kept as given (a newer evaluator may add some).
 */
const tau2RewardInfo = z.object({
  reward: z.number().finite(),
  db_check: z.object({ db_match: z.boolean(), db_reward: z.number() }).nullish(),
  env_assertions: z.array(z.object({ met: z.boolean(), reward: z.number() })).nullish(),
  action_checks: z
    .array(z.object({ action: z.looseObject({ name: z.string() }), action_match: z.boolean(), action_reward: z.number() }))
    .nullish(),
  nl_assertions: z.array(z.object({ nl_assertion: z.string(), ...check })).nullish(),
  communicate_checks: z.array(z.object({ info: z.string(), ...check })).nullish(),
  reward_basis: z.array(z.string()).nullish(),
  reward_breakdown: z.record(z.string(), z.number()).nullish(),
  evaluation_mode: z.string().nullish(),
  state_source: z.string().nullish(),
  replayed_actions: z.array(replayedAction).nullish(),
  warnings: z.array(z.string()).nullish(),
});

/** An LLM review of the conversation (Review, or UserOnlyReview which lacks the agent fields). */
const tau2Review = z.object({
  summary: z.string().default(''),
  agent_error: z.boolean().default(false),
  user_error: z.boolean().default(false),
  has_errors: z.boolean(),
  errors: z
    .array(
      z.object({
        source: z.string().default('user'),
        error_type: text,
        error_tags: z.array(z.string()).default([]),
        severity: text,
        turn_idx: int.nullish(),
        tick_start: int.nullish(),
        tick_end: int.nullish(),
        reasoning: z.string(),
        correct_behavior: text,
      }),
    )
    .default([]),
});

/** One simulation run (SimulationRun): half-duplex `messages` or full-duplex `ticks`. */
export const tau2Simulation = z.object({
  id: z.string().min(1),
  task_id: z.union([z.string(), z.number()]).transform(String),
  start_time: z.string(),
  end_time: z.string(),
  duration: z.number().nonnegative(),
  termination_reason: z.string(),
  agent_cost: z.number().nullish(),
  user_cost: z.number().nullish(),
  reward_info: tau2RewardInfo.nullish(),
  messages: z.array(tau2Message).nullish(),
  ticks: z.array(tau2Tick).nullish(),
  trial: int.nullish(),
  seed: int.nullish(),
  mode: z.string().default('half_duplex'),
  speech_environment: z.looseObject({ complexity: text }).nullish(),
  review: tau2Review.nullish(),
  user_only_review: tau2Review.nullish(),
  hallucination_retries_used: int.default(0),
});

/** Run information (Info): who played agent and user, the domain, and the audio-native settings. */
const tau2Info = z.looseObject({
  git_commit: text,
  num_trials: int.nullish(),
  seed: int.nullish(),
  user_info: z.looseObject({ implementation: z.string(), llm: text }),
  agent_info: z.looseObject({ implementation: z.string(), llm: text }),
  environment_info: z.looseObject({ domain_name: z.string() }),
  speech_complexity: text,
  audio_native_config: z.looseObject({ tick_duration_seconds: z.number().positive().nullish() }).nullish(),
});

/** A task's evaluation criteria: the actions the agent is expected to take, what it must tell the user, assertions. */
const tau2EvaluationCriteria = z.looseObject({
  actions: z
    .array(z.looseObject({ name: z.string(), requestor: text, arguments: z.record(z.string(), z.unknown()).nullish() }))
    .nullish(),
  communicate_info: z.array(z.string()).nullish(),
  nl_assertions: z.array(z.string()).nullish(),
});

/** A task of the run (results.json `tasks`): its id and, where it has them, its evaluation criteria. */
const tau2Task = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  evaluation_criteria: tau2EvaluationCriteria.nullish(),
});

/** results.json: run metadata, the run's tasks, and the simulations themselves in the monolithic layout. */
export const tau2Results = z.object({
  timestamp: text,
  info: tau2Info,
  tasks: z.array(tau2Task).default([]),
  simulations: z.array(z.unknown()).default([]),
  simulation_index: z.array(z.looseObject({ id: z.string() })).nullish(),
});

/** artifacts/task_<id>/sim_<id>/sim_status.json, written by the batch runner. */
export const tau2SimStatus = z.looseObject({ status: z.string() });

/** A parsed simulation. */
export type Tau2Simulation = z.output<typeof tau2Simulation>;
/** A parsed tick. */
export type Tau2Tick = z.output<typeof tau2Tick>;
/** A parsed half-duplex message. */
export type Tau2Message = z.output<typeof tau2Message>;
/** Parsed reward info. */
export type Tau2RewardInfo = z.output<typeof tau2RewardInfo>;
/** A parsed LLM review. */
export type Tau2Review = z.output<typeof tau2Review>;
/** Parsed run information. */
export type Tau2Info = z.output<typeof tau2Info>;
/** A task's parsed evaluation criteria. */
export type Tau2EvaluationCriteria = z.output<typeof tau2EvaluationCriteria>;
/** A validated results.json (run info, and the simulations of a monolithic file). */
export type Tau2Results = z.output<typeof tau2Results>;
