/** The generic JSONL format (`earshot-episode-v1`): one episode per line, optionally after one study header line. */
import { z } from 'zod';

const ms = z.number().finite().nonnegative();
const speaker = z.enum(['user', 'agent', 'tool', 'system']);

/** One word with timing. */
const word = z.object({ text: z.string(), start_ms: ms, end_ms: ms }).strict();

/** A turn of speech or a tool event. */
const turn = z
  .object({
    speaker,
    start_ms: ms.nullable().optional(),
    end_ms: ms.nullable().optional(),
    text: z.string().default(''),
    words: z.array(word).nullable().optional(),
    tool: z.object({ name: z.string(), arguments: z.unknown().optional(), result: z.string().nullable().optional() }).strict().nullable().optional(),
  })
  .strict();

const finding = z
  .object({ text: z.string(), start_ms: ms.nullable().optional(), end_ms: ms.nullable().optional(), category: z.string().nullable().optional() })
  .strict();

const judgement = z
  .object({
    judge_id: z.string().min(1),
    judge_version: z.string().optional(),
    label: z.string().min(1),
    rationale: z.string().optional(),
    categories: z.array(z.string()).optional(),
    votes: z.array(z.string()).optional(),
    confidence: z.number().min(0).max(1).nullable().optional(),
    reward_breakdown: z.record(z.string(), z.number()).nullable().optional(),
    findings: z.array(finding).optional(),
  })
  .strict();

/** A line describing one episode. */
export const genericEpisode = z
  .object({
    schema: z.literal('earshot-episode-v1'),
    id: z.string().min(1),
    system: z.string().default(''),
    task: z.string().default(''),
    trial: z.number().int().nonnegative().default(0),
    condition: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).default({}),
    outcome: z.string().nullable().default(null),
    reward: z.number().finite().nullable().default(null),
    duration_ms: ms.nullable().default(null),
    info: z.record(z.string(), z.unknown()).default({}),
    turns: z.array(turn).default([]),
    audio: z
      .array(z.object({ path: z.string().min(1), role: z.string().default('call'), lanes: z.array(speaker).default([]) }).strict())
      .default([]),
    judgements: z.array(judgement).default([]),
    annotations: z.array(z.object({ annotator: z.string().min(1), field: z.string().min(1), value: z.unknown() }).strict()).default([]),
  })
  .strict();

/** The optional first line naming the study. */
export const genericStudyHeader = z
  .object({
    schema: z.literal('earshot-study-v1'),
    name: z.string().min(1),
    benchmark: z.enum(['tau-voice', 'tau-elicitation', 'vera', 'dsb-dg', 'generic']).default('generic'),
    description: z.string().default(''),
    info: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

/** A parsed episode line. */
export type GenericEpisode = z.infer<typeof genericEpisode>;
/** A parsed study header line. */
export type GenericStudyHeader = z.infer<typeof genericStudyHeader>;
