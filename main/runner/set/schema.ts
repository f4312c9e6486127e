/** The JSONL episode-set formats (DSB-DG scripts and generic items), checked at the file boundary; see docs/episode-sets.md. */
import { z } from 'zod';
import { endpointUrl } from '../../llm/config';

/** How question audio is made when a turn has none: espeak-ng locally, or an OpenAI-compatible /v1/audio/speech. */
export const synthesisConfig = z.discriminatedUnion('engine', [
  z.object({ engine: z.literal('espeak-ng'), voice: z.string().min(1).default('en-us'), wordsPerMinute: z.number().int().min(80).max(450).default(165) }).strict(),
  z
    .object({
      engine: z.literal('openai'),
      baseUrl: endpointUrl.default('https://api.openai.com/v1'),
      apiKeyEnv: z.string().regex(/^[A-Z_][A-Z0-9_]{0,63}$/).nullable().default('OPENAI_API_KEY'),
      model: z.string().min(1).default('gpt-4o-mini-tts'),
      voice: z.string().min(1).default('alloy'),
    })
    .strict(),
]);

/** A parsed synthesis config. */
export type SynthesisConfig = z.output<typeof synthesisConfig>;

/** Context tiers of DSB-DG: T1 ≈ 0.5k … T5 ≈ 8k tokens of document. */
export const TIERS = ['T1', 'T2', 'T3', 'T4', 'T5'] as const;

const docInline = z.object({ id: z.string().min(1).optional(), title: z.string().optional(), text: z.string().min(1) }).strict();
const docFile = z.object({ id: z.string().min(1).optional(), title: z.string().optional(), file: z.string().min(1) }).strict();

/** A header document: inline text or a file beside the set. */
export const headerDocument = z.union([
  docInline.extend({ id: z.string().min(1), tier: z.enum(TIERS).optional(), domain: z.string().optional() }).strict(),
  docFile.extend({ id: z.string().min(1), tier: z.enum(TIERS).optional(), domain: z.string().optional() }).strict(),
]);

/** The optional first line of a set file. */
export const setHeader = z
  .object({
    schema: z.literal('earshot-set-v1'),
    kind: z.enum(['dsb-dg', 'generic']),
    name: z.string().min(1),
    description: z.string().default(''),
    benchmark: z.enum(['tau-voice', 'tau-elicitation', 'vera', 'dsb-dg', 'generic']).optional(),
    synthesis: synthesisConfig.optional(),
    instructions: z.string().optional(),
    /** Runs of every item the set asks for: `earshot run`'s default `--repeats` (DSB-DG: three, median reported). */
    repeats: z.number().int().min(1).max(20).optional(),
    documents: z.array(headerDocument).default([]),
  })
  .strict();

const turnKinds = z.enum(['probe', 'distractor', 'question']);

/** A scripted caller interruption: ms after the start of the agent's previous reply. */
const interruptAt = z.number().int().min(0).max(600_000);

/** One scripted user turn of a DSB-DG script. */
export const scriptTurn = z
  .object({
    id: z.string().min(1).optional(),
    kind: turnKinds.default('probe'),
    text: z.string().min(1),
    audio: z.string().min(1).optional(),
    answer: z.string().nullable().optional(),
    answerable: z.boolean().optional(),
    /** The question's id across scripts (to compare refresh schedules on the same question). */
    question_id: z.string().min(1).optional(),
    /** A late probe: the id of the earlier probe of this script it repeats (DSB-DG grounding decay). */
    repeats: z.string().min(1).optional(),
    /** Full duplex: start this turn this long after the agent's reply to the previous turn starts (a barge-in). */
    interruptAtMs: interruptAt.optional(),
  })
  .strict();

/** When the document is given again: after which user turns (1-based), as the whole document or a given text. */
export const reinjection = z
  .object({ after_turns: z.array(z.number().int().min(1)).min(1), mode: z.enum(['document', 'text']).default('document'), text: z.string().min(1).optional() })
  .strict()
  .refine((r) => r.mode !== 'text' || r.text, { message: 'mode "text" needs a text', path: ['text'] });

/** A DSB-DG item: a multi-turn script over one document, or a single spoken question (shorthand). */
export const dsbdgItem = z
  .object({
    schema: z.literal('dsbdg-script-v1'),
    id: z.string().min(1),
    document: z.union([z.string().min(1), docInline, docFile]),
    tier: z.enum(TIERS),
    domain: z.string().default(''),
    protocol: z.string().default(''),
    instructions: z.string().optional(),
    turns: z.array(scriptTurn).min(1).optional(),
    question: z.string().min(1).optional(),
    answer: z.string().nullable().optional(),
    answerable: z.boolean().optional(),
    audio: z.string().min(1).optional(),
    reinjection: reinjection.optional(),
    condition: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).default({}),
  })
  .strict()
  .refine((x) => (x.turns ? !x.question : !!x.question), { message: 'give either "turns" or "question", not both', path: ['turns'] });

/** A generic item: a question (or several turns) with an optional document and reference answer. */
export const genericItem = z
  .object({
    schema: z.literal('earshot-set-item-v1'),
    id: z.string().min(1),
    task: z.string().optional(),
    condition: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).default({}),
    instructions: z.string().optional(),
    document: z.union([z.string().min(1), docInline, docFile]).optional(),
    question: z.string().min(1).optional(),
    reference: z.string().nullable().optional(),
    audio: z.string().min(1).optional(),
    turns: z.array(z.object({ text: z.string().min(1), audio: z.string().min(1).optional(), reference: z.string().nullable().optional(), interruptAtMs: interruptAt.optional() }).strict()).min(1).optional(),
    info: z.record(z.string(), z.unknown()).default({}),
  })
  .strict()
  .refine((x) => (x.turns ? !x.question : !!x.question), { message: 'give either "turns" or "question", not both', path: ['turns'] });

/** A parsed DSB-DG item line. */
export type DsbdgItem = z.output<typeof dsbdgItem>;
/** A parsed generic item line. */
export type GenericItem = z.output<typeof genericItem>;
/** A parsed header line. */
export type SetHeader = z.output<typeof setHeader>;
