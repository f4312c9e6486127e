/** Lookups every annotation module needs, failing with domain errors (not_found, forbidden). */
import type { Db } from '../db/open';
import type { Annotator, AnnotatorRole } from '../../shared/types/annotation';
import type { Benchmark } from '../../shared/domain';
import { forbidden, notFound } from '../domain/errors';

/** A study row as the annotation modules use it. */
export interface StudyRef {
  id: number;
  name: string;
  benchmark: Benchmark;
  blind: boolean;
  taxonomy: string | null;
}

/** An episode row as the annotation modules use it. */
export interface EpisodeRef {
  id: number;
  studyId: number;
  externalId: string;
  system: string;
  task: string;
  condition: Record<string, string>;
  outcome: string | null;
  reward: number | null;
  info: Record<string, unknown>;
}

/** The study with this id; not_found otherwise. */
export function requireStudy(db: Db, studyId: number): StudyRef {
  const r = db.prepare('SELECT id, name, benchmark, blind, taxonomy FROM studies WHERE id = ?').get(studyId) as
    | { id: number; name: string; benchmark: Benchmark; blind: number; taxonomy: string | null }
    | undefined;
  if (!r) throw notFound(`study ${studyId}`);
  return { id: r.id, name: r.name, benchmark: r.benchmark, blind: r.blind === 1, taxonomy: r.taxonomy };
}

interface EpisodeDbRow {
  id: number;
  study_id: number;
  external_id: string;
  system: string;
  task: string;
  condition: string;
  outcome: string | null;
  reward: number | null;
  info: string;
}

function toEpisodeRef(r: EpisodeDbRow): EpisodeRef {
  return {
    id: r.id,
    studyId: r.study_id,
    externalId: r.external_id,
    system: r.system,
    task: r.task,
    condition: JSON.parse(r.condition) as Record<string, string>,
    outcome: r.outcome,
    reward: r.reward,
    info: JSON.parse(r.info) as Record<string, unknown>,
  };
}

const EPISODE_SELECT = 'SELECT id, study_id, external_id, system, task, condition, outcome, reward, info FROM episodes';

/** The episode with this id; not_found otherwise. */
export function requireEpisode(db: Db, episodeId: number): EpisodeRef {
  const r = db.prepare(`${EPISODE_SELECT} WHERE id = ?`).get(episodeId) as EpisodeDbRow | undefined;
  if (!r) throw notFound(`episode ${episodeId}`);
  return toEpisodeRef(r);
}

/** Every episode of a study, in import order. */
export function studyEpisodes(db: Db, studyId: number): EpisodeRef[] {
  return (db.prepare(`${EPISODE_SELECT} WHERE study_id = ? ORDER BY id`).all(studyId) as EpisodeDbRow[]).map(toEpisodeRef);
}

/** The label of the newest judgement of every judged episode of a study, by episode id. */
export function judgeLabels(db: Db, studyId: number): Map<number, string> {
  const rows = db
    .prepare(
      `SELECT j.episode_id, j.label FROM judgements j JOIN episodes e ON e.id = j.episode_id
       WHERE e.study_id = ? ORDER BY j.id`,
    )
    .all(studyId) as { episode_id: number; label: string }[];
  return new Map(rows.map((r) => [r.episode_id, r.label]));
}

interface AnnotatorRow {
  id: number;
  name: string;
  initials: string;
  role: AnnotatorRole;
  created_at: string;
}

/** Maps an annotators row to the contract's Annotator. */
export function toAnnotator(r: AnnotatorRow): Annotator {
  return { id: r.id, name: r.name, initials: r.initials, role: r.role, createdAt: r.created_at };
}

/** The annotator with this id; not_found otherwise. */
export function requireAnnotator(db: Db, annotatorId: number): Annotator {
  const r = db.prepare('SELECT * FROM annotators WHERE id = ?').get(annotatorId) as AnnotatorRow | undefined;
  if (!r) throw notFound(`annotator ${annotatorId}`);
  return toAnnotator(r);
}

/** The annotator with this id, who must be an adjudicator; forbidden otherwise. */
export function requireAdjudicator(db: Db, annotatorId: number): Annotator {
  const a = requireAnnotator(db, annotatorId);
  if (a.role !== 'adjudicator') throw forbidden(`${a.name} is not an adjudicator; only adjudicators see every annotator's labels`);
  return a;
}

/** Every annotator, oldest first. */
export function listAnnotatorRows(db: Db): Annotator[] {
  return (db.prepare('SELECT * FROM annotators ORDER BY id').all() as AnnotatorRow[]).map(toAnnotator);
}
