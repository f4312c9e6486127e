/** Reads what the benchmark tables need from the database: a study's episodes with their latest judgement, tool events and labels. */
import type { Db } from '../db/open';
import { EPISODE_COLUMNS, toEpisodeRow, type EpisodeDbRow } from '../db/episodes';
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
export function familyOf(benchmark: string, condition: Record<string, string>, info: Record<string, unknown>): MetricsFamily {
  for (const candidate of [benchmark, condition.benchmark, info.benchmark]) {
    if (typeof candidate === 'string' && (FAMILIES as readonly string[]).includes(candidate)) return candidate as MetricsFamily;
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
  const judges = new Map<number, { label: string; categories: string[] }>();
  const judgementRows = db
    .prepare(`SELECT j.episode_id, j.label, j.categories FROM judgements j JOIN episodes e ON e.id = j.episode_id WHERE e.study_id = ? ORDER BY j.id`)
    .iterate(studyId) as Iterable<{ episode_id: number; label: string; categories: string }>;
  for (const j of judgementRows) judges.set(j.episode_id, { label: j.label, categories: parseStrings(j.categories) });
  const rows = db
    .prepare(`SELECT ${EPISODE_COLUMNS}, e.info FROM episodes e WHERE e.study_id = ? ORDER BY e.id`)
    .all(studyId) as (EpisodeDbRow & { info: string })[];
  return rows.map((r) => {
    const { benchmark, judgeLabel: _judgeLabel, condition: stored, ...row } = toEpisodeRow(r);
    const rawCondition = Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, String(v)]));
    const { benchmark: _benchmark, ...condition } = rawCondition;
    const info = parseObject(r.info);
    return { ...row, family: familyOf(benchmark, rawCondition, info), condition, info, judge: judges.get(r.id) ?? null };
  });
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
  const rows = db
    .prepare(`SELECT t.episode_id, t.speaker, t.tool FROM turns t JOIN episodes e ON e.id = t.episode_id WHERE e.study_id = ? AND t.tool IS NOT NULL ORDER BY t.episode_id, t.idx`)
    .iterate(studyId) as Iterable<{ episode_id: number; speaker: string; tool: string }>;
  for (const row of rows) {
    if (!episodeIds.has(row.episode_id)) continue;
    const tool = parseObject(row.tool);
    if (typeof tool.name !== 'string') continue;
    const list = out.get(row.episode_id) ?? [];
    list.push({ speaker: row.speaker, name: tool.name, arguments: tool.arguments ?? null });
    out.set(row.episode_id, list);
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
  const marks = fields.map(() => '?').join(', ');
  const annotations = db
    .prepare(
      `SELECT a.episode_id, n.name AS annotator, a.field, a.value FROM annotations a JOIN annotators n ON n.id = a.annotator_id
       JOIN episodes e ON e.id = a.episode_id WHERE e.study_id = ? AND a.phase = 'final' AND a.field IN (${marks}) ORDER BY a.episode_id, n.name`,
    )
    .all(studyId, ...fields) as { episode_id: number; annotator: string; field: string; value: string | null }[];
  return [
    ...annotations.map((a) => ({ episodeId: a.episode_id, annotator: a.annotator, field: a.field, value: labelText(a.value) })),
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
  const labelled = db
    .prepare(
      `SELECT a.field, COUNT(*) AS n FROM annotations a JOIN episodes e ON e.id = a.episode_id
       WHERE e.study_id = ? AND a.phase = 'final' GROUP BY a.field`,
    )
    .all(studyId) as { field: string; n: number }[];
  const rows = [...labelled, ...decisionCountsByField(db, studyId)];
  return [...new Set(rows.sort((a, b) => b.n - a.n).map((r) => r.field))];
}

/** The speech turns (no tool events) of the given episodes with their times, by episode id, in turn order. */
export function loadSpeechTurns(db: Db, studyId: number, episodeIds: ReadonlySet<number>): Map<number, { speaker: string; startMs: number | null; endMs: number | null }[]> {
  const out = new Map<number, { speaker: string; startMs: number | null; endMs: number | null }[]>();
  if (episodeIds.size === 0) return out;
  const rows = db
    .prepare(`SELECT t.episode_id, t.speaker, t.start_ms, t.end_ms FROM turns t JOIN episodes e ON e.id = t.episode_id WHERE e.study_id = ? AND t.tool IS NULL ORDER BY t.episode_id, t.idx`)
    .iterate(studyId) as Iterable<{ episode_id: number; speaker: string; start_ms: number | null; end_ms: number | null }>;
  for (const row of rows) {
    if (!episodeIds.has(row.episode_id)) continue;
    const list = out.get(row.episode_id) ?? [];
    list.push({ speaker: row.speaker, startMs: row.start_ms, endMs: row.end_ms });
    out.set(row.episode_id, list);
  }
  return out;
}
