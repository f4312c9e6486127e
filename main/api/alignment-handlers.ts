/** Handlers of the alignment methods. */
import type { Handler } from './handlers';
import { episodeRef } from '../db/episodes';
import { DomainError, notFound } from '../domain/errors';
import { alignStudyEpisodes } from '../align/align-episodes';
import { DEFAULT_ALIGN_SETTINGS } from '../align/align-audio';
import type { Aggressiveness } from '../align/vad';

/** Re-aligns one episode with the settings given; refused (conflict) when it cannot be aligned, saying why. */
const align: Handler<'episodes.align'> = async (s, input) => {
  const ref = episodeRef(s.db, input.episodeId);
  if (!ref) throw notFound(`episode ${input.episodeId}`);
  const settings = {
    ...DEFAULT_ALIGN_SETTINGS,
    aggressiveness: input.aggressiveness as Aggressiveness,
    minGapMs: input.minGapMs ?? DEFAULT_ALIGN_SETTINGS.minGapMs,
  };
  const report = await alignStudyEpisodes(s.db, ref.studyId, { settings, again: true, episodeIds: [ref.id] });
  if (report.turns === 0)
    throw new DomainError('conflict', report.notes[0] ?? `episode ${ref.id}: no turn could be placed`);
  s.events.emit('data.changed', { scope: 'episodes', studyId: ref.studyId });
  return report;
};

/** Alignment handlers by method name. */
export const alignmentHandlers = { 'episodes.align': align };
