/** The work_queues and queue_items tables: queues of a study, the calls assigned in each, and how much is done. */
import type { Db } from './open';
import type { QueueItem } from '../../shared/types/annotation';

/** Distinct calls assigned to the annotator in every work queue of the study, and how many of them are done. */
export function shareProgress(db: Db, studyId: number, annotatorId: number): { total: number; done: number } {
  const r = db
    .prepare(
      `SELECT COUNT(DISTINCT qi.episode_id) AS total,
              COUNT(DISTINCT CASE WHEN c.episode_id IS NOT NULL THEN qi.episode_id END) AS done
       FROM queue_items qi JOIN work_queues q ON q.id = qi.queue_id
       LEFT JOIN annotation_commits c ON c.episode_id = qi.episode_id AND c.annotator_id = qi.annotator_id
       WHERE q.study_id = ? AND qi.annotator_id = ?`,
    )
    .get(studyId, annotatorId) as { total: number; done: number };
  return r;
}

/** A stored queue; `specJson` is its spec as JSON text. */
export interface StoredQueue {
  id: number;
  studyId: number;
  name: string;
  specJson: string;
  createdAt: string;
}

/** One assignment of a new queue: a call at a position, for an annotator, with the stratum it was drawn in. */
export interface QueueAssignment {
  annotatorId: number;
  episodeId: number;
  position: number;
  /** The stratum the call was drawn in ('' for a simple random sample). */
  stratum: string;
  /** The call's probability of being drawn, n_h/N_h. */
  inclusionProbability: number;
}

/** A drawn call of a queue: its stratum and inclusion probability as stored at the draw (null for older queues). */
export interface DrawnCall {
  episodeId: number;
  stratum: string | null;
  inclusionProbability: number | null;
}

/** Whether the study already has a queue with this name. */
export function queueNameTaken(db: Db, studyId: number, name: string): boolean {
  return !!db.prepare('SELECT 1 FROM work_queues WHERE study_id = ? AND name = ?').get(studyId, name);
}

/** Stores a queue and its assignments in one transaction; returns the queue's id. */
export function insertQueue(db: Db, queue: Omit<StoredQueue, 'id'>, assignments: readonly QueueAssignment[]): number {
  return db.transaction((): number => {
    const queueId = Number(
      db
        .prepare('INSERT INTO work_queues (study_id, name, spec, created_at) VALUES (?, ?, ?, ?)')
        .run(queue.studyId, queue.name, queue.specJson, queue.createdAt).lastInsertRowid,
    );
    const insert = db.prepare(
      `INSERT INTO queue_items (queue_id, annotator_id, episode_id, position, stratum, inclusion_probability)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const a of assignments) {
      insert.run(queueId, a.annotatorId, a.episodeId, a.position, a.stratum, a.inclusionProbability);
    }
    return queueId;
  })();
}

/** The queue with this id, or null. */
export function queueById(db: Db, queueId: number): StoredQueue | null {
  const q = db.prepare('SELECT * FROM work_queues WHERE id = ?').get(queueId) as
    { id: number; study_id: number; name: string; spec: string; created_at: string } | undefined;
  return q ? { id: q.id, studyId: q.study_id, name: q.name, specJson: q.spec, createdAt: q.created_at } : null;
}

/** Each assignee of a queue with how many calls they have and how many they committed, by annotator id. */
export function queueProgress(
  db: Db,
  queueId: number,
): { annotatorId: number; annotator: string; done: number; total: number }[] {
  const rows = db
    .prepare(
      `SELECT qi.annotator_id, n.name, COUNT(*) AS total,
              SUM(CASE WHEN c.episode_id IS NULL THEN 0 ELSE 1 END) AS done
       FROM queue_items qi JOIN annotators n ON n.id = qi.annotator_id
       LEFT JOIN annotation_commits c ON c.episode_id = qi.episode_id AND c.annotator_id = qi.annotator_id
       WHERE qi.queue_id = ? GROUP BY qi.annotator_id ORDER BY qi.annotator_id`,
    )
    .all(queueId) as { annotator_id: number; name: string; total: number; done: number }[];
  return rows.map((p) => ({ annotatorId: p.annotator_id, annotator: p.name, done: p.done, total: p.total }));
}

/** The distinct calls drawn into a queue, with the stratum and inclusion probability stored for each. */
export function drawnCalls(db: Db, queueId: number): DrawnCall[] {
  const rows = db
    .prepare(
      `SELECT episode_id, MIN(stratum) AS stratum, MIN(inclusion_probability) AS p
       FROM queue_items WHERE queue_id = ? GROUP BY episode_id ORDER BY episode_id`,
    )
    .all(queueId) as { episode_id: number; stratum: string | null; p: number | null }[];
  return rows.map((r) => ({ episodeId: r.episode_id, stratum: r.stratum, inclusionProbability: r.p }));
}

/** The ids of a study's queues, newest first. */
export function studyQueueIds(db: Db, studyId: number): number[] {
  const rows = db.prepare('SELECT id FROM work_queues WHERE study_id = ? ORDER BY id DESC').all(studyId) as {
    id: number;
  }[];
  return rows.map((r) => r.id);
}

/** The calls one annotator has in a queue, in queue order, with whether each is committed. */
export function annotatorQueueItems(db: Db, queueId: number, annotatorId: number): QueueItem[] {
  const rows = db
    .prepare(
      `SELECT qi.episode_id, qi.position, e.external_id, e.system, c.episode_id IS NOT NULL AS done
       FROM queue_items qi JOIN episodes e ON e.id = qi.episode_id
       LEFT JOIN annotation_commits c ON c.episode_id = qi.episode_id AND c.annotator_id = qi.annotator_id
       WHERE qi.queue_id = ? AND qi.annotator_id = ? ORDER BY qi.position`,
    )
    .all(queueId, annotatorId) as {
    episode_id: number;
    position: number;
    external_id: string;
    system: string;
    done: number;
  }[];
  return rows.map((r) => ({
    episodeId: r.episode_id,
    externalId: r.external_id,
    system: r.system,
    position: r.position,
    done: r.done === 1,
  }));
}

/** Deletes a queue; its assignments go with it (labels stay). */
export function deleteQueueRow(db: Db, queueId: number): void {
  db.prepare('DELETE FROM work_queues WHERE id = ?').run(queueId);
}
