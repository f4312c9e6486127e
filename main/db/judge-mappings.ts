/** Owner of the judge_mappings table: a study's own judge-to-field mappings, stored as JSON by key. */
import type { Db } from './open';

/** A stored mapping: its key and its JSON text (validated by the caller on the way in and out). */
export interface StoredJudgeMapping {
  key: string;
  spec: string;
  updatedAt: string;
}

/** The study's saved mappings, oldest first. */
export function listStoredJudgeMappings(db: Db, studyId: number): StoredJudgeMapping[] {
  return (
    db.prepare('SELECT key, spec, updated_at FROM judge_mappings WHERE study_id = ? ORDER BY id').all(studyId) as {
      key: string;
      spec: string;
      updated_at: string;
    }[]
  ).map((r) => ({ key: r.key, spec: r.spec, updatedAt: r.updated_at }));
}

/** Saves (or replaces) the mapping with this key. */
export function storeJudgeMapping(db: Db, studyId: number, key: string, spec: string, now: Date): void {
  db.prepare(
    `INSERT INTO judge_mappings (study_id, key, spec, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (study_id, key) DO UPDATE SET spec = excluded.spec, updated_at = excluded.updated_at`,
  ).run(studyId, key, spec, now.toISOString());
}

/** Removes the mapping with this key; whether one was there. */
export function deleteJudgeMapping(db: Db, studyId: number, key: string): boolean {
  return db.prepare('DELETE FROM judge_mappings WHERE study_id = ? AND key = ?').run(studyId, key).changes > 0;
}
