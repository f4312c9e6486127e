/**
 * Aligns imported episodes whose spoken turns came without times to their call audio, and re-aligns them with other
 * settings: the estimated times are stored marked `aligned` (db/turn-times.ts), and times that came with the data
 * are never replaced; an episode with any such times is left as it is.
 */
import type { Db } from '../db/open';
import { listEpisodes, listTurns } from '../db/episodes';
import { getAssetFile, listEpisodeAudio } from '../db/audio';
import { countEstimatedTimes, countGivenTimes, episodesToAlign, replaceEstimatedTimes } from '../db/turn-times';
import { WavError } from '../audio/wav-header';
import { inWriteTransaction } from '../db/transaction';
import { alignToAudio, DEFAULT_ALIGN_SETTINGS, type AlignSettings } from './align-audio';

/** What an alignment did: episodes and turns given estimated times, and why others were left. */
export interface AlignReport {
  episodes: number;
  turns: number;
  /** One line per episode left unaligned that was asked for by id, or whose audio could not be read. */
  notes: string[];
}

/** How to align. */
export interface AlignRequest {
  settings?: AlignSettings;
  /** Re-align episodes aligned before (an import aligns only those never aligned). */
  again: boolean;
  /** Only these episodes (by id); otherwise every episode of the study (again) or those never aligned. */
  episodeIds?: readonly number[];
}

/** Why an episode cannot be aligned, or null when it can. */
function reasonNotToAlign(db: Db, episodeId: number, again: boolean): string | null {
  if (countGivenTimes(db, episodeId) > 0) return 'its turns have times from the data';
  if (!again && countEstimatedTimes(db, episodeId) > 0) return 'already aligned';
  if (!listTurns(db, episodeId).some((t) => !t.tool && (t.speaker === 'user' || t.speaker === 'agent')))
    return 'no spoken turns';
  if (!listEpisodeAudio(db, episodeId).some((a) => a.format.startsWith('wav/'))) return 'no WAV audio';
  return null;
}

/** Aligns one episode; returns how many turns got estimated times. */
async function alignEpisode(db: Db, episodeId: number, settings: AlignSettings): Promise<number> {
  const asset = listEpisodeAudio(db, episodeId).find((a) => a.format.startsWith('wav/'))!;
  const file = getAssetFile(db, asset.id)!;
  const turns = listTurns(db, episodeId);
  const plan = await alignToAudio(
    turns.map((t) => ({ speaker: t.speaker, text: t.text, tool: t.tool !== null })),
    file.path,
    asset.lanes,
    settings,
  );
  const times = turns.flatMap((t, i) => {
    const span = plan.spans[i];
    return span ? [{ turnId: t.id, startMs: span.startMs, endMs: span.endMs }] : [];
  });
  return inWriteTransaction(db, () => replaceEstimatedTimes(db, episodeId, times));
}

/** Aligns the untimed episodes of the study (or those asked for) to their audio. */
export async function alignStudyEpisodes(db: Db, studyId: number, request: AlignRequest): Promise<AlignReport> {
  const settings = request.settings ?? DEFAULT_ALIGN_SETTINGS;
  const ids =
    request.episodeIds ?? (request.again ? listEpisodes(db, studyId).map((e) => e.id) : episodesToAlign(db, studyId));
  const report: AlignReport = { episodes: 0, turns: 0, notes: [] };
  for (const id of ids) {
    const reason = reasonNotToAlign(db, id, request.again);
    if (reason) {
      if (request.episodeIds) report.notes.push(`episode ${id}: not aligned: ${reason}`);
      continue;
    }
    try {
      const turns = await alignEpisode(db, id, settings);
      if (turns > 0) report.episodes += 1;
      report.turns += turns;
    } catch (e) {
      if (!(e instanceof WavError) && !(e as NodeJS.ErrnoException).code) throw e;
      report.notes.push(`episode ${id}: not aligned: ${(e as Error).message}`);
    }
  }
  return report;
}
