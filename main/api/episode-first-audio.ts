/** `episodes.firstAudio`: the first audio asset of each listed episode, so the studio starts its audio on the press. */
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { episodeRef } from '../db/episodes';
import { listEpisodeAudio } from '../db/audio';

/** Each listed episode's first asset, as `episodes.get` orders them; episodes without audio or not found are left out. */
export function episodesFirstAudio(
  s: Services,
  input: MethodInput<'episodes.firstAudio'>,
): MethodOutput<'episodes.firstAudio'> {
  const audio = [...new Set(input.episodeIds)].flatMap((episodeId) => {
    const asset = episodeRef(s.db, episodeId) ? listEpisodeAudio(s.db, episodeId)[0] : undefined;
    return asset ? [{ episodeId, asset }] : [];
  });
  return { audio };
}
