/** Run listings and details: per-episode state, and medians over the repeats of each item. */
import type { Db } from '../db/open';
import type { RunDetail, RunItemSummary, RunSummary } from '../../shared/types/runs';
import { median } from '../stats/median';
import { getRunRow, listRunEpisodes, listRunRows, toRunSummary } from '../db/runs';
import { runJobOf } from './runner';
import { getEpisode } from '../db/episodes';
import { transcriptionRows } from '../stats/text/transcription-rows';

/** Every run, newest first. */
export function listRuns(db: Db): RunSummary[] {
  return listRunRows(db).map((r) => toRunSummary(db, r, runJobOf));
}

/** The run's transcribed replies pooled (one system per run); null when none was transcribed. */
function transcriptionOf(db: Db, episodes: readonly { status: string; episodeId: number | null }[]): RunDetail['transcription'] {
  const read = episodes.flatMap((e) => {
    const detail = e.status === 'done' && e.episodeId !== null ? getEpisode(db, e.episodeId) : null;
    return detail ? [{ system: detail.episode.system, info: detail.episode.info }] : [];
  });
  return transcriptionRows(read)[0] ?? null;
}

/** A run with its episodes and per-item medians; null when there is no such run. */
export function runDetail(db: Db, runId: number): RunDetail | null {
  const row = getRunRow(db, runId);
  if (!row) return null;
  const episodes = listRunEpisodes(db, runId);
  const byItem = new Map<string, typeof episodes>();
  for (const e of episodes) byItem.set(e.itemId, [...(byItem.get(e.itemId) ?? []), e]);
  const items: RunItemSummary[] = [...byItem].map(([itemId, list]) => {
    const done = list.filter((e) => e.status === 'done');
    return {
      itemId,
      trials: done.length,
      medianFirstAudioMs: median(done.map((e) => e.firstAudioMs).filter((x): x is number => x !== null)),
      medianReward: median(done.map((e) => e.reward).filter((x): x is number => x !== null)),
      labels: done.map((e) => e.label).filter((x): x is string => x !== null),
    };
  });
  return {
    run: toRunSummary(db, row, runJobOf),
    episodes: episodes.map(({ reward: _reward, ...e }) => e),
    items,
    medianFirstAudioMs: median(episodes.filter((e) => e.status === 'done').map((e) => e.firstAudioMs).filter((x): x is number => x !== null)),
    transcription: transcriptionOf(db, episodes),
  };
}
