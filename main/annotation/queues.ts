/** Work queues: a seeded, stratified sample of a study's (failed) episodes, assigned to annotators, with progress. */
import type { Db } from '../db/open';
import type { QueueItem, QueueSpec, Taxonomy, WorkQueue } from '../../shared/types/annotation';
import { ApiError, notFound } from '../api/errors';
import { judgeLabels, requireAnnotator, requireStudy, studyEpisodes, type EpisodeRef } from './lookups';
import { getSettings } from './settings';
import { stratifiedSample } from './sample';

const FAILED_OUTCOMES = new Set(['fail', 'failed', 'failure', 'incorrect', 'not_attempted', 'error']);

/** Whether an episode failed: by its outcome, else its reward (< 1), else the judge's verdict in the taxonomy. */
export function isFailed(episode: EpisodeRef, judgeLabel: string | undefined, taxonomy: Taxonomy): boolean {
  if (episode.outcome !== null) return FAILED_OUTCOMES.has(episode.outcome.toLowerCase());
  if (episode.reward !== null) return episode.reward < 1;
  return judgeLabel !== undefined && taxonomy.verdicts.some((v) => v.value === judgeLabel && v.failure);
}

/** What a new queue asks for. */
export interface QueueRequest {
  studyId: number;
  name: string;
  size: number;
  seed: number;
  onlyFailed: boolean;
  stratifyBy: 'system' | 'none';
  assignment: 'all' | 'split';
  annotatorIds: number[];
}

/** Draws the sample and assigns it, in one transaction; returns the queue with its progress. */
export function createQueue(db: Db, req: QueueRequest, now: Date): WorkQueue {
  requireStudy(db, req.studyId);
  for (const id of req.annotatorIds) requireAnnotator(db, id);
  if (new Set(req.annotatorIds).size !== req.annotatorIds.length) throw new ApiError('invalid_input', 'an annotator is listed twice');
  if (db.prepare('SELECT 1 FROM work_queues WHERE study_id = ? AND name = ?').get(req.studyId, req.name)) {
    throw new ApiError('conflict', `the study already has a queue called "${req.name}"`);
  }
  const { taxonomy } = getSettings(db, req.studyId);
  const judged = judgeLabels(db, req.studyId);
  const pool = studyEpisodes(db, req.studyId).filter((e) => !req.onlyFailed || isFailed(e, judged.get(e.id), taxonomy));
  if (pool.length === 0) throw new ApiError('invalid_input', req.onlyFailed ? 'the study has no failed episodes' : 'the study has no episodes');
  const sample = stratifiedSample(
    pool.map((e) => ({ id: e.id, stratum: req.stratifyBy === 'system' ? e.system || '(no system)' : 'all' })),
    req.size,
    req.seed,
  );
  const spec: QueueSpec = { size: sample.ids.length, seed: req.seed, onlyFailed: req.onlyFailed, stratifyBy: req.stratifyBy, assignment: req.assignment, strata: sample.strata };
  const id = db.transaction((): number => {
    const queueId = Number(
      db.prepare('INSERT INTO work_queues (study_id, name, spec, created_at) VALUES (?, ?, ?, ?)').run(req.studyId, req.name, JSON.stringify(spec), now.toISOString())
        .lastInsertRowid,
    );
    const insert = db.prepare('INSERT INTO queue_items (queue_id, annotator_id, episode_id, position) VALUES (?, ?, ?, ?)');
    sample.ids.forEach((episodeId, position) => {
      const assignees = req.assignment === 'all' ? req.annotatorIds : [req.annotatorIds[position % req.annotatorIds.length]];
      for (const annotatorId of assignees) insert.run(queueId, annotatorId, episodeId, position);
    });
    return queueId;
  })();
  return getQueue(db, id);
}

/** One queue with each assignee's progress (done = committed episodes). */
export function getQueue(db: Db, queueId: number): WorkQueue {
  const q = db.prepare('SELECT * FROM work_queues WHERE id = ?').get(queueId) as { id: number; study_id: number; name: string; spec: string; created_at: string } | undefined;
  if (!q) throw notFound(`queue ${queueId}`);
  const progress = db
    .prepare(
      `SELECT qi.annotator_id, n.name, COUNT(*) AS total,
              SUM(CASE WHEN c.episode_id IS NULL THEN 0 ELSE 1 END) AS done
       FROM queue_items qi JOIN annotators n ON n.id = qi.annotator_id
       LEFT JOIN annotation_commits c ON c.episode_id = qi.episode_id AND c.annotator_id = qi.annotator_id
       WHERE qi.queue_id = ? GROUP BY qi.annotator_id ORDER BY qi.annotator_id`,
    )
    .all(queueId) as { annotator_id: number; name: string; total: number; done: number }[];
  return {
    id: q.id,
    studyId: q.study_id,
    name: q.name,
    spec: JSON.parse(q.spec) as QueueSpec,
    createdAt: q.created_at,
    progress: progress.map((p) => ({ annotatorId: p.annotator_id, annotator: p.name, done: p.done, total: p.total })),
  };
}

/** Every queue of a study, newest first. */
export function listQueues(db: Db, studyId: number): WorkQueue[] {
  requireStudy(db, studyId);
  const ids = db.prepare('SELECT id FROM work_queues WHERE study_id = ? ORDER BY id DESC').all(studyId) as { id: number }[];
  return ids.map((r) => getQueue(db, r.id));
}

/** The items one annotator has in a queue, in queue order, with whether each is done. */
export function queueItems(db: Db, queueId: number, annotatorId: number): QueueItem[] {
  getQueue(db, queueId);
  const rows = db
    .prepare(
      `SELECT qi.episode_id, qi.position, e.external_id, e.system, c.episode_id IS NOT NULL AS done
       FROM queue_items qi JOIN episodes e ON e.id = qi.episode_id
       LEFT JOIN annotation_commits c ON c.episode_id = qi.episode_id AND c.annotator_id = qi.annotator_id
       WHERE qi.queue_id = ? AND qi.annotator_id = ? ORDER BY qi.position`,
    )
    .all(queueId, annotatorId) as { episode_id: number; position: number; external_id: string; system: string; done: number }[];
  return rows.map((r) => ({ episodeId: r.episode_id, externalId: r.external_id, system: r.system, position: r.position, done: r.done === 1 }));
}

/** Deletes a queue (its items go with it; labels stay). */
export function deleteQueue(db: Db, queueId: number): void {
  getQueue(db, queueId);
  db.prepare('DELETE FROM work_queues WHERE id = ?').run(queueId);
}
