/** Reads what the benchmark tables need from the database: a study's episodes with their latest judgement, tool events and labels. */
import type { Db } from '../db/open';
import { studyEpisodeFamilyKeys, studyEpisodesWithInfo, studySpeechTurns, studyToolTurns } from '../db/study-episodes';
import { latestJudgementByEpisode } from '../db/judge-outputs';
import { finalAnnotationCountsByField, finalAnnotationsByName } from '../db/final-annotations';
import { decisionCountsByField, studyDecisions } from '../db/adjudications';
import type { EpisodeRow } from '../../shared/domain';
import type { MetricsFamily } from '../../shared/types/metrics';

/** An episode as the metrics read it: the list's row with its family, info and latest judgement instead of benchmark and judge label. */
export interface MetricsEpisode extends Omit<EpisodeRow, 'benchmark' | 'judgeLabel'> {
  family: MetricsFamily;
  /** The condition without a `benchmark` key (which only names the family in mixed studies). */
  condition: Record<string, string>;
  info: Record<string, unknown>;
  /** The latest judgement (highest id), or null when the episode has none. */
  judge: { label: string; categories: string[] } | null;
}

const FAMILIES: readonly MetricsFamily[] = ['tau-voice', 'tau-elicitation', 'vera', 'dsb-dg'];

/** The family of an episode: its benchmark when specific, else `condition.benchmark` or `info.benchmark` when they name one, else generic. */
export function familyOf(
  benchmark: string,
  condition: Record<string, string>,
  info: Record<string, unknown>,
): MetricsFamily {
  for (const candidate of [benchmark, condition.benchmark, info.benchmark]) {
    if (typeof candidate === 'string' && (FAMILIES as readonly string[]).includes(candidate))
      return candidate as MetricsFamily;
  }
  return 'generic';
}

const parseObject = (text: string | null): Record<string, unknown> => {
  const value: unknown = text ? JSON.parse(text) : {};
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
};

const parseStrings = (text: string | null): string[] => {
  const value: unknown = text ? JSON.parse(text) : [];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
};

/** Every episode of the study in id order, with its latest judgement. */
export function loadEpisodes(db: Db, studyId: number): MetricsEpisode[] {
  const judges = latestJudgementByEpisode(db, studyId);
  return studyEpisodesWithInfo(db, studyId).map(({ episode, infoJson }) => {
    const { benchmark, judgeLabel: _judgeLabel, condition: stored, ...row } = episode;
    const rawCondition = Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, String(v)]));
    const { benchmark: _benchmark, ...condition } = rawCondition;
    const info = parseObject(infoJson);
    const judgement = judges.get(episode.id);
    const judge = judgement ? { label: judgement.label, categories: parseStrings(judgement.categoriesJson) } : null;
    return { ...row, family: familyOf(benchmark, rawCondition, info), condition, info, judge };
  });
}

/** A family of the study's episodes: how many, and how many have a reward. */
export interface FamilyCount {
  family: MetricsFamily;
  episodes: number;
  rewarded: number;
}

/**
 * The families of the study's episodes in order of their first episode, as loadEpisodes would give them, read from the
 * benchmark, `condition.benchmark` and `info.benchmark` columns alone (no episode is loaded).
 */
export function studyFamilies(db: Db, studyId: number): FamilyCount[] {
  const out = new Map<MetricsFamily, FamilyCount>();
  for (const k of studyEpisodeFamilyKeys(db, studyId)) {
    // loadEpisodes reads condition values as text (String of the parsed value).
    const nested = k.conditionBenchmarkType === 'array' || k.conditionBenchmarkType === 'object';
    const condition: Record<string, string> =
      k.conditionBenchmark === null
        ? {}
        : { benchmark: String(nested ? JSON.parse(String(k.conditionBenchmark)) : k.conditionBenchmark) };
    const family = familyOf(k.benchmark, condition, k.infoBenchmark === null ? {} : { benchmark: k.infoBenchmark });
    const count = out.get(family) ?? { family, episodes: 0, rewarded: 0 };
    count.episodes += k.episodes;
    count.rewarded += k.rewarded;
    out.set(family, count);
  }
  return [...out.values()];
}

/** One tool event of an episode, in turn order, with the side that made it. */
export interface ToolTurn {
  speaker: string;
  name: string;
  arguments: unknown;
}

/** The tool events of the given episodes, by episode id (turns without a tool are not read). */
export function loadToolTurns(db: Db, studyId: number, episodeIds: ReadonlySet<number>): Map<number, ToolTurn[]> {
  const out = new Map<number, ToolTurn[]>();
  if (episodeIds.size === 0) return out;
  for (const row of studyToolTurns(db, studyId)) {
    if (!episodeIds.has(row.episodeId)) continue;
    const tool = parseObject(row.toolJson);
    if (typeof tool.name !== 'string') continue;
    const list = out.get(row.episodeId) ?? [];
    list.push({ speaker: row.speaker, name: tool.name, arguments: tool.arguments ?? null });
    out.set(row.episodeId, list);
  }
  return out;
}

/** A human label as stored: who gave it (annotator name) or an adjudication (annotator null). */
export interface StoredLabel {
  episodeId: number;
  annotator: string | null;
  field: string;
  value: string | null;
}

/** A stored label or decision (both JSON text) as one string: choices as is, numbers, booleans as text, else null. */
function labelText(text: string | null): string | null {
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Final-phase annotations and adjudications of the given fields in the study. */
export function loadLabels(db: Db, studyId: number, fields: readonly string[]): StoredLabel[] {
  if (fields.length === 0) return [];
  return [
    ...finalAnnotationsByName(db, studyId, fields).map((a) => ({ ...a, value: labelText(a.value) })),
    ...studyDecisions(db, studyId, fields).map((d) => ({
      episodeId: d.episodeId,
      annotator: null,
      field: d.field,
      value: labelText(d.valueJson),
    })),
  ];
}

/** The annotation fields present in the study (final phase), most used first. */
export function annotatedFields(db: Db, studyId: number): string[] {
  const rows = [...finalAnnotationCountsByField(db, studyId), ...decisionCountsByField(db, studyId)];
  return [...new Set(rows.sort((a, b) => b.n - a.n).map((r) => r.field))];
}

/** The speech turns (no tool events) of the given episodes with their times, by episode id, in turn order. */
export function loadSpeechTurns(
  db: Db,
  studyId: number,
  episodeIds: ReadonlySet<number>,
): Map<number, { speaker: string; startMs: number | null; endMs: number | null }[]> {
  const out = new Map<number, { speaker: string; startMs: number | null; endMs: number | null }[]>();
  if (episodeIds.size === 0) return out;
  for (const { episodeId, speaker, startMs, endMs } of studySpeechTurns(db, studyId)) {
    if (!episodeIds.has(episodeId)) continue;
    const list = out.get(episodeId) ?? [];
    list.push({ speaker, startMs, endMs });
    out.set(episodeId, list);
  }
  return out;
}
