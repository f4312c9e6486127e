/** The table from every contract method to its handler. */
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { appInfo, studiesList } from './studies';
import { audioPeaks, episodesGet, episodesList } from './episodes';

/** A handler: a plain function over the services, sync or async. */
export type Handler<M extends MethodName> = (s: Services, input: MethodInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>;

/** One handler per method; the type makes a missing handler a compile error. */
export const handlers: { [M in MethodName]: Handler<M> } = {
  'app.info': appInfo,
  'studies.list': studiesList,
  'episodes.list': episodesList,
  'episodes.get': episodesGet,
  'audio.peaks': audioPeaks,
};
