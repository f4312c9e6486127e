/** Types of the episode browser: its query, one page of results, and the values to filter by. */
import { z } from 'zod';
import type { EpisodeRow } from '../domain';
import { PROGRESS_VALUES } from './progress';

/** Columns the episode list can be sorted by. */
export const SORT_KEYS = ['id', 'externalId', 'system', 'task', 'outcome', 'reward', 'judgeLabel', 'durationMs'] as const;

/** One value to filter by (a system, an outcome, a judge label, a condition's value). */
const value = z.string().max(500);
/** How many condition keys one query may filter on. */
const MAX_CONDITION_KEYS = 50;

/** The episode browser's query: filters, full-text search, sort and the page wanted. */
export const episodeQuerySchema = z
  .object({
    studyId: z.number().int().positive(),
    search: z.string().max(200).optional(),
    system: z.array(value).max(200).optional(),
    outcome: z.array(value).max(50).optional(),
    judgeLabel: z.array(value).max(50).optional(),
    condition: z
      .record(z.string().max(64), z.array(value).max(200))
      .refine((c) => Object.keys(c).length <= MAX_CONDITION_KEYS, `at most ${MAX_CONDITION_KEYS} condition keys`)
      .optional(),
    rewardMin: z.number().finite().optional(),
    rewardMax: z.number().finite().optional(),
    /** With `annotatorId`: only episodes that annotator has (or has not) labelled. */
    labelled: z.enum(['yes', 'no']).optional(),
    annotatorId: z.number().int().positive().optional(),
    /** Only episodes with this progress mark (shared/types/progress.ts); the annotator's own need `annotatorId`. */
    progress: z.enum(PROGRESS_VALUES).optional(),
    /** Only episodes where a human's final label disagrees with the judge (`judge_agree` = false). */
    disagreement: z.boolean().optional(),
    sort: z.object({ key: z.enum(SORT_KEYS), dir: z.enum(['asc', 'desc']) }).strict().optional(),
    offset: z.number().int().nonnegative().default(0),
    limit: z.number().int().positive().max(1000).default(200),
  })
  .strict();

/** A parsed episode query. */
export type EpisodeQuery = z.infer<typeof episodeQuerySchema>;

/** One page of matching episodes and how many match in all. */
export interface EpisodePage {
  total: number;
  offset: number;
  rows: EpisodeRow[];
}

/** The distinct values a study's episodes take, for the filter menus. */
export interface EpisodeFacets {
  system: string[];
  outcome: string[];
  judgeLabel: string[];
  condition: Record<string, string[]>;
  /** Set when the study hides the judge from this annotator (its labels then neither listed nor filtered): until what. */
  judgeHiddenUntil?: 'commit' | 'first_label';
}
