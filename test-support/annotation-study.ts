/** Test helper: a small study written through the real import writer (no audio), for the annotation tests. */
import type { Db } from '../main/db/open';
import type { Benchmark } from '../shared/domain';
import type { BatchEpisode } from '../main/importers/batch';
import { writeBatch } from '../main/importers/write-batch';
import { listEpisodes } from '../main/db/episodes';
import { createAnnotator } from '../main/annotation/annotators';

/** One episode of a test study. */
export interface TestEpisode {
  id: string;
  system?: string;
  condition?: Record<string, string>;
  outcome?: string | null;
  reward?: number | null;
  judge?: string;
}

/** Writes a study of `episodes`; returns its id and the episode ids by external id. */
export async function makeStudy(
  db: Db,
  name: string,
  benchmark: Benchmark,
  episodes: TestEpisode[],
): Promise<{ studyId: number; ids: Record<string, number> }> {
  const batchEpisodes: BatchEpisode[] = episodes.map((e) => ({
    externalId: e.id,
    system: e.system ?? 'sys',
    task: e.id,
    trial: 0,
    condition: e.condition ?? {},
    outcome: e.outcome === undefined ? 'fail' : e.outcome,
    reward: e.reward ?? null,
    durationMs: 10_000,
    info: {},
    turns: [],
    audio: [],
    judgements: e.judge ? [{ judgeId: 'test-judge', label: e.judge, rationale: `judge says ${e.judge}` }] : [],
    annotations: [],
  }));
  const summary = await writeBatch(
    db,
    {
      format: 'generic',
      benchmark,
      studyName: name,
      studyInfo: {},
      source: 'test',
      episodes: batchEpisodes,
      skipped: 0,
      warnings: [],
    },
    { now: new Date('2026-01-02T03:04:05Z') },
  );
  const episodeIds = listEpisodes(db, summary.study.id).map((e) => [e.externalId, e.id]);
  return { studyId: summary.study.id, ids: Object.fromEntries(episodeIds) };
}

/** Creates annotators by name (the last one an adjudicator when `adjudicator` is given); returns their ids in order. */
export function makeAnnotators(db: Db, names: string[], adjudicator?: string): number[] {
  const now = new Date('2026-01-02T03:04:05Z');
  const ids = names.map((n) => createAnnotator(db, { name: n }, now).id);
  if (adjudicator) ids.push(createAnnotator(db, { name: adjudicator, role: 'adjudicator' }, now).id);
  return ids;
}
