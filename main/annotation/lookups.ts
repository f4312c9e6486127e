/** Lookups every annotation module needs, failing with domain errors (not_found, forbidden). */
import type { Db } from '../db/open';
import type { Annotator } from '../../shared/types/annotation';
import { forbidden, notFound } from '../domain/errors';
import { studyRef, type StudyRef } from '../db/studies';
import { episodeRef, studyEpisodeRefs, type EpisodeRef } from '../db/episodes';
import { studyJudgementLabels } from '../db/judge-outputs';
import { annotatorById } from '../db/annotators';

export type { StudyRef } from '../db/studies';
export type { EpisodeRef } from '../db/episodes';

/** The study with this id; not_found otherwise. */
export function requireStudy(db: Db, studyId: number): StudyRef {
  const study = studyRef(db, studyId);
  if (!study) throw notFound(`study ${studyId}`);
  return study;
}

/** The episode with this id; not_found otherwise. */
export function requireEpisode(db: Db, episodeId: number): EpisodeRef {
  const episode = episodeRef(db, episodeId);
  if (!episode) throw notFound(`episode ${episodeId}`);
  return episode;
}

/** Every episode of a study, in import order. */
export function studyEpisodes(db: Db, studyId: number): EpisodeRef[] {
  return studyEpisodeRefs(db, studyId);
}

/** The label of the newest judgement of every judged episode of a study, by episode id. */
export function judgeLabels(db: Db, studyId: number): Map<number, string> {
  return new Map(studyJudgementLabels(db, studyId).map((j) => [j.episodeId, j.label]));
}

/** The annotator with this id; not_found otherwise. */
export function requireAnnotator(db: Db, annotatorId: number): Annotator {
  const annotator = annotatorById(db, annotatorId);
  if (!annotator) throw notFound(`annotator ${annotatorId}`);
  return annotator;
}

/** The annotator with this id, who must be an adjudicator; forbidden otherwise. */
export function requireAdjudicator(db: Db, annotatorId: number): Annotator {
  const a = requireAnnotator(db, annotatorId);
  if (a.role !== 'adjudicator')
    throw forbidden(`${a.name} is not an adjudicator; only adjudicators see every annotator's labels`);
  return a;
}
