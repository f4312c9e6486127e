/** `episodes.peaks`: an episode's waveform peaks by episode id, so the studio asks for them with the episode itself. */
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { episodeRef } from '../db/episodes';
import { getPeaks, listEpisodeAudio } from '../db/audio';
import { notFound } from '../domain/errors';
import { overviewBytes } from '../../shared/peaks-codec';

/** The peaks of the episode's first audio asset (as `episodes.get` lists them), at most `maxBuckets` per channel. */
export function episodesPeaks(s: Services, input: MethodInput<'episodes.peaks'>): MethodOutput<'episodes.peaks'> {
  if (!episodeRef(s.db, input.episodeId)) throw notFound(`episode ${input.episodeId}`);
  const asset = listEpisodeAudio(s.db, input.episodeId)[0];
  const peaks = asset ? getPeaks(s.db, asset.id) : null;
  if (!peaks || input.maxBuckets === undefined || peaks.buckets <= input.maxBuckets) return { peaks };
  const bytes = overviewBytes(Buffer.from(peaks.data, 'base64'), peaks.channels, peaks.buckets, input.maxBuckets);
  const buckets = bytes.length / peaks.channels;
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return { peaks: { ...peaks, buckets, data, peaksPerSecond: (peaks.peaksPerSecond * buckets) / peaks.buckets } };
}
