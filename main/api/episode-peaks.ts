/** `episodes.peaks`: an episode's waveform peaks by episode id, so the studio asks for them with the episode itself. */
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { episodeRef } from '../db/episodes';
import { getPeaks, getPeaksCut, listEpisodeAudio } from '../db/audio';
import { notFound } from '../domain/errors';

/** The peaks of the episode's first audio asset (as `episodes.get` lists them), at most `maxBuckets` per channel. */
export function episodesPeaks(s: Services, input: MethodInput<'episodes.peaks'>): MethodOutput<'episodes.peaks'> {
  if (!episodeRef(s.db, input.episodeId)) throw notFound(`episode ${input.episodeId}`);
  const asset = listEpisodeAudio(s.db, input.episodeId)[0];
  if (!asset) return { peaks: null };
  const peaks = input.maxBuckets === undefined ? getPeaks(s.db, asset.id) : getPeaksCut(s.db, asset.id, input.maxBuckets);
  return { peaks };
}
