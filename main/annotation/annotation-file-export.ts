/**
 * An episode's turns, regions and labels as an ELAN, Praat or Audacity file (docs/formats.md, "Annotation tools").
 * With a viewer, only the labels the blind rules let them read go in (theirs, others' once allowed); without one (the
 * command line, which acts as the study lead) every annotator's final labels do.
 */
import { pathToFileURL } from 'node:url';
import type { Db } from '../db/open';
import type { AnnotationFormat } from '../../shared/types/annotation-files';
import { getEpisode } from '../db/episodes';
import { getAssetFile } from '../db/audio';
import { otherFinalAnnotators } from '../db/labels';
import { notFound } from '../domain/errors';
import { episodeTiers, type EpisodeExchange } from '../exchange-formats/episode-tiers';
import { emptyTextOf, FORMAT_FILES, writeAnnotationText } from '../exchange-formats/formats';
import { getEpisodeLabels } from './labels';
import { requireAnnotator } from './lookups';
import { fileStem } from './report-files';

/** An exported annotation file, with how many tiers and intervals it holds. */
export interface AnnotationFile {
  fileName: string;
  content: string;
  mime: string;
  tiers: number;
  intervals: number;
}

/** The labels that go into the file: the viewer's own and those they may read, or everyone's final ones. */
function exportedLabels(db: Db, episodeId: number, viewerId: number | null): EpisodeExchange['labels'] {
  if (viewerId === null) {
    return otherFinalAnnotators(db, episodeId, 0).map((a) => ({
      annotator: a.name,
      values: getEpisodeLabels(db, episodeId, a.id).values,
    }));
  }
  const mine = getEpisodeLabels(db, episodeId, viewerId);
  const others = mine.others.map((o) => ({ annotator: o.annotator, values: o.values }));
  return [{ annotator: requireAnnotator(db, viewerId).name, values: mine.values }, ...others];
}

/** The episode as a file in `format`, written at `now`. */
export function exportAnnotationFile(
  db: Db,
  input: { episodeId: number; format: AnnotationFormat; viewerId: number | null },
  now: Date,
): AnnotationFile {
  const detail = getEpisode(db, input.episodeId);
  if (!detail) throw notFound(`episode ${input.episodeId}`);
  const labels = exportedLabels(db, input.episodeId, input.viewerId);
  const exchange = { durationMs: detail.episode.durationMs, turns: detail.turns, labels };
  const doc = episodeTiers(exchange, emptyTextOf(input.format));
  const asset = detail.audio[0] ? getAssetFile(db, detail.audio[0].id) : null;
  const author = input.viewerId === null ? 'Earshot' : requireAnnotator(db, input.viewerId).name;
  const media = asset ? { url: pathToFileURL(asset.path).href, mimeType: 'audio/x-wav' } : undefined;
  const content = writeAnnotationText(doc, input.format, { author, date: now, media });
  const files = FORMAT_FILES[input.format];
  return {
    fileName: `${fileStem(detail.episode.externalId)}${files.extension}`,
    content,
    mime: files.mime,
    tiers: doc.tiers.length,
    intervals: doc.tiers.reduce((n, t) => n + t.intervals.length, 0),
  };
}
