/** Work queues: a seeded, stratified sample of a study's (failed) episodes, assigned to annotators, with progress. */
import type { Db } from '../db/open';
import type {
  QueueAllocation,
  QueueItem,
  QueueSpec,
  QueueStratifyBy,
  Taxonomy,
  WorkQueue,
} from '../../shared/types/annotation';
import { DomainError, notFound } from '../domain/errors';
import { judgeLabels, requireAnnotator, requireStudy, studyEpisodes, type EpisodeRef } from './lookups';
import { getSettings } from './settings';
import { inWriteTransaction } from '../db/transaction';
import { stratifiedSample, type Allocator } from './sample';
import { stratumOf } from './strata';
import { neymanAllocation } from '../stats/ppi/index';
import { pilotDeviations } from '../metrics/neyman-pilot';
import {
  annotatorQueueItems,
  deleteQueueRow,
  insertQueue,
  queueById,
  queueNameTaken,
  queueProgress,
  studyQueueIds,
} from '../db/work-queues';

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
  stratifyBy: QueueStratifyBy;
  /** Default proportional. */
  allocation?: QueueAllocation;
  /** Neyman: the binary judge mapping whose labels so far give each stratum's S_h. */
  mapping?: string;
  assignment: 'all' | 'split';
  annotatorIds: number[];
}

/** Neyman allocation needs at least this many calls per stratum (so each stratum's variance can be estimated). */
export const NEYMAN_MINIMUM = 2;

/** Neyman allocation from the pilot's S_h per stratum (`stratum` names each call's), NEYMAN_MINIMUM at least. */
function neymanAllocator(db: Db, req: QueueRequest, stratum: (e: EpisodeRef) => string): Allocator {
  if (!req.mapping) throw new DomainError('invalid_input', 'Neyman allocation needs a binary judge mapping (mapping)');
  const mapping = req.mapping;
  return (sizes, size) => {
    const names = [...sizes.keys()];
    const deviations = pilotDeviations(db, req.studyId, mapping, stratum, names);
    const counts = neymanAllocation(
      names.map((n) => sizes.get(n)!),
      deviations,
      size,
      NEYMAN_MINIMUM,
    );
    return new Map(names.map((n, h) => [n, counts[h]]));
  };
}

/**
 * Draws the sample and assigns it, in one write transaction that also holds the checks and the reads the sample is
 * drawn from (so a queue of the same name, or episodes, committed meanwhile by another connection are seen); returns
 * the queue with its progress.
 */
export function createQueue(db: Db, req: QueueRequest, now: Date): WorkQueue {
  return inWriteTransaction(db, () => drawQueue(db, req, now));
}

function drawQueue(db: Db, req: QueueRequest, now: Date): WorkQueue {
  requireStudy(db, req.studyId);
  for (const id of req.annotatorIds) requireAnnotator(db, id);
  if (new Set(req.annotatorIds).size !== req.annotatorIds.length)
    throw new DomainError('invalid_input', 'an annotator is listed twice');
  if (queueNameTaken(db, req.studyId, req.name)) {
    throw new DomainError('conflict', `the study already has a queue called "${req.name}"`);
  }
  const { taxonomy } = getSettings(db, req.studyId);
  const judged = judgeLabels(db, req.studyId);
  const pool = studyEpisodes(db, req.studyId).filter((e) => !req.onlyFailed || isFailed(e, judged.get(e.id), taxonomy));
  if (pool.length === 0)
    throw new DomainError(
      'invalid_input',
      req.onlyFailed ? 'the study has no failed episodes' : 'the study has no episodes',
    );
  const stratum = (e: EpisodeRef) => stratumOf(req.stratifyBy, e, judged.get(e.id));
  const allocation = req.allocation ?? 'proportional';
  const sample = stratifiedSample(
    pool.map((e) => ({ id: e.id, stratum: stratum(e) })),
    req.size,
    req.seed,
    allocation === 'neyman' ? neymanAllocator(db, req, stratum) : undefined,
  );
  const spec: QueueSpec = {
    size: sample.ids.length,
    seed: req.seed,
    onlyFailed: req.onlyFailed,
    stratifyBy: req.stratifyBy,
    allocation,
    ...(allocation === 'neyman' ? { mapping: req.mapping } : {}),
    assignment: req.assignment,
    strata: sample.strata,
    population: sample.population,
  };
  const strata = new Map(pool.map((e) => [e.id, stratum(e)]));
  const assignments = sample.ids.flatMap((episodeId, position) => {
    const assignees =
      req.assignment === 'all' ? req.annotatorIds : [req.annotatorIds[position % req.annotatorIds.length]];
    const h = strata.get(episodeId)!;
    const inclusionProbability = sample.strata[h] / sample.population[h];
    return assignees.map((annotatorId) => ({ annotatorId, episodeId, position, stratum: h, inclusionProbability }));
  });
  const queue = { studyId: req.studyId, name: req.name, specJson: JSON.stringify(spec), createdAt: now.toISOString() };
  const id = insertQueue(db, queue, assignments);
  return getQueue(db, id);
}

/** One queue with each assignee's progress (done = committed episodes). */
export function getQueue(db: Db, queueId: number): WorkQueue {
  const q = queueById(db, queueId);
  if (!q) throw notFound(`queue ${queueId}`);
  return {
    id: q.id,
    studyId: q.studyId,
    name: q.name,
    spec: JSON.parse(q.specJson) as QueueSpec,
    createdAt: q.createdAt,
    progress: queueProgress(db, queueId),
  };
}

/** Every queue of a study, newest first. */
export function listQueues(db: Db, studyId: number): WorkQueue[] {
  requireStudy(db, studyId);
  return studyQueueIds(db, studyId).map((id) => getQueue(db, id));
}

/** The items one annotator has in a queue, in queue order, with whether each is done. */
export function queueItems(db: Db, queueId: number, annotatorId: number): QueueItem[] {
  getQueue(db, queueId);
  return annotatorQueueItems(db, queueId, annotatorId);
}

/** Deletes a queue (its items go with it; labels stay). */
export function deleteQueue(db: Db, queueId: number): void {
  getQueue(db, queueId);
  deleteQueueRow(db, queueId);
}
