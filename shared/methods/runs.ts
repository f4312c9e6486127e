/** Methods for running episode sets against voice systems, judging studies and comparing judges. */
import { z } from 'zod';
import { method } from './define';
import { withinJsonBounds, type JsonBounds } from '../json-bounds';
import type { JudgeComparison, KeyStatus, RunDetail, RunExample, RunSummary } from '../types/runs';

const id = z.number().int().positive();
const none = z.object({}).strict();
/** How large an inline config may be: far more than any system or judge config needs. */
const INLINE_CONFIG: JsonBounds = { maxDepth: 16, maxSize: 1 << 20 };
/** A config given as a JSON file path, or inline as an object (its fields validated on the main side). */
const config = z.union([
  z.string().min(1).max(4096),
  z
    .record(z.string(), z.unknown())
    .refine(
      (c) => withinJsonBounds(c, INLINE_CONFIG),
      'an inline config nests at most 16 deep and holds at most 1 MiB',
    ),
]);
const envName = z.string().regex(/^[A-Z_][A-Z0-9_]{0,63}$/, 'an environment variable name like OPENAI_API_KEY');

/** Run and judge methods by name. */
export const runMethods = {
  'runs.list': method<RunSummary[]>()(none),
  'runs.get': method<RunDetail>()(z.object({ runId: id }).strict()),
  'runs.examples': method<RunExample[]>()(none),
  'runs.start': method<{ runId: number; jobId: string }>()(
    z
      .object({
        set: z.string().min(1).max(4096),
        system: config,
        judge: config.nullable().optional(),
        study: z.string().min(1).max(200).optional(),
        repeats: z.number().int().min(1).max(50).optional(),
        concurrency: z.number().int().min(1).max(32).optional(),
      })
      .strict(),
  ),
  'runs.resume': method<{ runId: number; jobId: string }>()(z.object({ runId: id }).strict()),
  /** Judges a study, or with `onlyLabelled` only the items humans labelled on that field. */
  'judge.start': method<{ jobId: string }>()(
    z.object({ studyId: id, judge: config, onlyLabelled: z.string().min(1).max(120).optional() }).strict(),
  ),
  /** Each judge against each annotator; the viewer must be allowed to read agreement figures (blind rules). */
  'judge.compare': method<JudgeComparison>()(
    z.object({ studyId: id, viewerId: id, field: z.string().min(1).max(64).optional() }).strict(),
  ),
  'keys.status': method<KeyStatus>()(z.object({ env: envName.optional() }).strict()),
  'keys.store': method<{ stored: boolean }>()(z.object({ env: envName, value: z.string().max(512) }).strict()),
} as const;
