/** Handlers of the browse methods (shared/methods/browse.ts). */
import { appInfo, studiesList } from './studies';
import { audioPeaks, audioSpectrogram, episodesFacets, episodesGet, episodesList, episodesQuery } from './episodes';
import { episodesPeaks } from './episode-peaks';
import { episodesFirstAudio } from './episode-first-audio';

/** Browse handlers by method name. */
export const browseHandlers = {
  'app.info': appInfo,
  'studies.list': studiesList,
  'episodes.list': episodesList,
  'episodes.query': episodesQuery,
  'episodes.facets': episodesFacets,
  'episodes.get': episodesGet,
  'audio.peaks': audioPeaks,
  'episodes.peaks': episodesPeaks,
  'episodes.firstAudio': episodesFirstAudio,
  'audio.spectrogram': audioSpectrogram,
} as const;
