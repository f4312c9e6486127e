/** Methods for studies, episodes and audio: what the replay view reads. */
import { z } from 'zod';
import { method } from './define';
import type {
  AppInfo,
  AudioAssetInfo,
  AudioPeaks,
  EpisodeDetail,
  EpisodeRow,
  SpectrogramImage,
  StudySummary,
} from '../domain';
import { episodeQuerySchema, type EpisodeFacets, type EpisodePage } from '../types/browse';

const id = z.number().int().positive();
const none = z.object({}).strict();

/** Browse methods by name. */
export const browseMethods = {
  'app.info': method<AppInfo>()(none),
  'studies.list': method<StudySummary[]>()(none),
  'episodes.list': method<EpisodeRow[]>()(z.object({ studyId: id }).strict()),
  'episodes.query': method<EpisodePage>()(episodeQuerySchema),
  'episodes.facets': method<EpisodeFacets>()(z.object({ studyId: id, annotatorId: id.optional() }).strict()),
  'episodes.get': method<EpisodeDetail>()(z.object({ episodeId: id, annotatorId: id.optional() }).strict()),
  'audio.peaks': method<AudioPeaks>()(z.object({ assetId: id }).strict()),
  /** The peaks of an episode's first audio asset (null without audio), cut to at most `maxBuckets` per channel. */
  'episodes.peaks': method<{ peaks: AudioPeaks | null }>()(
    z.object({ episodeId: id, maxBuckets: z.number().int().min(1).max(1e9).optional() }).strict(),
  ),
  /** Each listed episode's first audio asset (as `episodes.get` lists them), so the studio can start an episode's audio on
   * the press that opens it; episodes without audio, or not found, are left out. */
  'episodes.firstAudio': method<{ audio: { episodeId: number; asset: AudioAssetInfo }[] }>()(
    z.object({ episodeIds: z.array(id).min(1).max(200) }).strict(),
  ),
  'audio.spectrogram': method<SpectrogramImage>()(
    z
      .object({
        assetId: id,
        channel: z.number().int().min(0).max(63),
        startMs: z.number().finite().min(0),
        endMs: z.number().finite().min(0),
        columns: z.number().int().min(8).max(2000),
      })
      .strict()
      .refine((v) => v.endMs > v.startMs, { message: 'endMs must be after startMs', path: ['endMs'] }),
  ),
} as const;
