/** Methods for studies, episodes and audio: what the replay view reads. */
import { z } from 'zod';
import { method } from './define';
import type { AppInfo, AudioPeaks, EpisodeDetail, EpisodeRow, StudySummary } from '../domain';
import { episodeQuerySchema, type EpisodeFacets, type EpisodePage } from '../types/browse';

const id = z.number().int().positive();
const none = z.object({}).strict();

/** Browse methods by name. */
export const browseMethods = {
  'app.info': method<AppInfo>()(none),
  'studies.list': method<StudySummary[]>()(none),
  'episodes.list': method<EpisodeRow[]>()(z.object({ studyId: id }).strict()),
  'episodes.query': method<EpisodePage>()(episodeQuerySchema),
  'episodes.facets': method<EpisodeFacets>()(z.object({ studyId: id }).strict()),
  'episodes.get': method<EpisodeDetail>()(z.object({ episodeId: id }).strict()),
  'audio.peaks': method<AudioPeaks>()(z.object({ assetId: id }).strict()),
} as const;
