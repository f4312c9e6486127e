/** Reads of final-phase annotations by annotator name, for comparing judges with the humans and for the metrics. */
import type { Db } from './open';

/** One final-phase annotation with its annotator's name and the stored (JSON) value. */
export interface NamedAnnotation {
  episodeId: number;
  annotator: string;
  field: string;
  value: string | null;
}

/** The study's final-phase annotations of the given fields, with annotator names, by episode and name. */
export function finalAnnotationsByName(db: Db, studyId: number, fields: readonly string[]): NamedAnnotation[] {
  if (fields.length === 0) return [];
  const marks = fields.map(() => '?').join(', ');
  const rows = db
    .prepare(
      `SELECT a.episode_id, n.name, a.field, a.value FROM annotations a JOIN annotators n ON n.id = a.annotator_id
       JOIN episodes e ON e.id = a.episode_id WHERE e.study_id = ? AND a.phase = 'final' AND a.field IN (${marks})
       ORDER BY a.episode_id, n.name`,
    )
    .all(studyId, ...fields) as { episode_id: number; name: string; field: string; value: string | null }[];
  return rows.map((r) => ({ episodeId: r.episode_id, annotator: r.name, field: r.field, value: r.value }));
}

/** How many final-phase annotations of the study each field has. */
export function finalAnnotationCountsByField(db: Db, studyId: number): { field: string; n: number }[] {
  return db
    .prepare(
      `SELECT a.field, COUNT(*) AS n FROM annotations a JOIN episodes e ON e.id = a.episode_id
       WHERE e.study_id = ? AND a.phase = 'final' GROUP BY a.field`,
    )
    .all(studyId) as { field: string; n: number }[];
}
