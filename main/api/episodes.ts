/** Handlers for episodes and their audio. */
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { getEpisode, listEpisodes } from '../db/episodes';
import { getAssetFile, getPeaks } from '../db/audio';
import { computeSpectrogram } from '../audio/spectrogram';
import { findStudy } from '../db/studies';
import { DomainError, notFound } from '../domain/errors';
import { episodeFacets, queryEpisodes } from '../db/episode-query';
import { judgeHiddenFor } from '../annotation/judge-visibility';
import { referenceHiddenFor, withoutReference } from '../annotation/reference-visibility';
import { progressRestriction } from '../annotation/progress';
import { getSettings } from '../annotation/settings';

/** `episodes.list`: the episodes of one study. */
export function episodesList(s: Services, input: MethodInput<'episodes.list'>): MethodOutput<'episodes.list'> {
  if (!findStudy(s.db, input.studyId)) throw notFound(`study ${input.studyId}`);
  return listEpisodes(s.db, input.studyId);
}

/** `episodes.get`: one episode with turns, audio and judgements, less what the study hides from this viewer. */
export function episodesGet(s: Services, input: MethodInput<'episodes.get'>): MethodOutput<'episodes.get'> {
  const found = getEpisode(s.db, input.episodeId);
  if (!found) throw notFound(`episode ${input.episodeId}`);
  const detail = referenceHiddenFor(s.db, found.episode.studyId, input.annotatorId, input.episodeId)
    ? { ...found, episode: { ...found.episode, info: withoutReference(found.episode.info) }, referenceHidden: true }
    : found;
  if (!judgeHiddenFor(s.db, detail.episode.studyId, input.annotatorId, input.episodeId)) return detail;
  return { ...detail, episode: { ...detail.episode, judgeLabel: null }, judgements: [], judgeHidden: true };
}

/** `audio.peaks`: the precomputed peaks of an audio asset. */
export function audioPeaks(s: Services, input: MethodInput<'audio.peaks'>): MethodOutput<'audio.peaks'> {
  const peaks = getPeaks(s.db, input.assetId);
  if (!peaks) throw notFound(`audio asset ${input.assetId}`);
  return peaks;
}

/** The query as this viewer may run it: without the judge's label (filter and sort) while the judge is hidden. */
export function viewerQuery(s: Services, input: MethodInput<'episodes.query'>): MethodInput<'episodes.query'> {
  if (!findStudy(s.db, input.studyId)) throw notFound(`study ${input.studyId}`);
  if (!judgeHiddenFor(s.db, input.studyId, input.annotatorId)) return input;
  return { ...input, judgeLabel: undefined, sort: input.sort?.key === 'judgeLabel' ? undefined : input.sort };
}

/** `episodes.query`: one page of a study's episodes, filtered (by progress marks too), searched and sorted. */
export function episodesQuery(s: Services, input: MethodInput<'episodes.query'>): MethodOutput<'episodes.query'> {
  const query = viewerQuery(s, input);
  const progress = input.progress && progressRestriction(s.db, input.studyId, input.annotatorId, input.progress);
  const page = queryEpisodes(s.db, query, progress);
  if (query === input) return page;
  return { ...page, rows: page.rows.map((r) => ({ ...r, judgeLabel: null })) };
}

/** `episodes.facets`: the values a study's episodes can be filtered by. */
export function episodesFacets(s: Services, input: MethodInput<'episodes.facets'>): MethodOutput<'episodes.facets'> {
  if (!findStudy(s.db, input.studyId)) throw notFound(`study ${input.studyId}`);
  const facets = episodeFacets(s.db, input.studyId);
  if (!judgeHiddenFor(s.db, input.studyId, input.annotatorId)) return facets;
  const until = getSettings(s.db, input.studyId).hideJudgeUntilCommit ? 'commit' : 'first_label';
  return { ...facets, judgeLabel: [], judgeHiddenUntil: until };
}

/** `audio.spectrogram`: a spectrogram of the visible window of one channel, computed here, not in the renderer. */
export function audioSpectrogram(s: Services, input: MethodInput<'audio.spectrogram'>): MethodOutput<'audio.spectrogram'> {
  const asset = getAssetFile(s.db, input.assetId);
  if (!asset) throw notFound(`audio asset ${input.assetId}`);
  let spec;
  try {
    spec = computeSpectrogram(asset.path, input.channel, input.startMs, input.endMs, input.columns);
  } catch (err) {
    if (err instanceof RangeError) throw new DomainError('invalid_input', err.message);
    throw err;
  }
  return { ...spec, data: Buffer.from(spec.data).toString('base64') };
}
