/**
 * Importing an ELAN, Praat or Audacity file onto an existing episode: its regions become the importing annotator's
 * `regions` label (set through setLabel, so the taxonomy check, history and blind rules apply), and its turns replace
 * the episode's only when it has none or when the caller asks to replace them. All or nothing: any fault in the file
 * refuses it naming file, line or tier, and field, and changes nothing.
 */
import type { Db } from '../db/open';
import type { AnnotationFormat, AnnotationImportResult, TurnsOutcome } from '../../shared/types/annotation-files';
import { encodeRegion, regionsOf } from '../../shared/types/regions';
import { listTurns } from '../db/episodes';
import { replaceEpisodeTurns } from '../db/episode-turns';
import { inWriteTransaction } from '../db/transaction';
import { DomainError } from '../domain/errors';
import { formatOf, readAnnotationText } from '../exchange-formats/formats';
import { tiersToEpisode, type ReadTurn } from '../exchange-formats/tiers-to-episode';
import { REGIONS } from '../exchange-formats/episode-tiers';
import { getEpisodeLabels, setLabel } from './labels';
import { requireAnnotator, requireEpisode } from './lookups';

/** What to import: the file's name and text, onto which episode, as whom, and how. */
export interface AnnotationImportInput {
  episodeId: number;
  annotatorId: number;
  fileName: string;
  text: string;
  /** The format; detected from the file's name or first line when absent. */
  format?: AnnotationFormat;
  /** Replace the episode's turns with the file's even when it has turns. */
  replaceTurns?: boolean;
  /** The tier the regions are taken from (default: the annotator's own `NAME/regions`, else `regions`). */
  regionsTier?: string;
}

const sameTurns = (a: readonly ReadTurn[], b: readonly ReadTurn[]) =>
  a.length === b.length &&
  a.every(
    (t, i) =>
      t.speaker === b[i].speaker && t.startMs === b[i].startMs && t.endMs === b[i].endMs && t.text === b[i].text,
  );

/** Imports the file onto the episode at `now`; returns what it did. */
export function importAnnotationFile(db: Db, input: AnnotationImportInput, now: Date): AnnotationImportResult {
  requireEpisode(db, input.episodeId);
  const annotator = requireAnnotator(db, input.annotatorId);
  const format = input.format ?? formatOf(input.fileName, input.text);
  if (!format) {
    const problem = 'not an ELAN (.eaf), Praat (.TextGrid) or Audacity label (.txt) file; name the format';
    throw new DomainError('invalid_input', `${input.fileName}: ${problem}`);
  }
  const { doc, emptyText } = readAnnotationText(input.text, input.fileName, format);
  const read = tiersToEpisode(doc, input.fileName, {
    annotator: annotator.name,
    regionsTier: input.regionsTier,
    emptyText,
  });
  const existing = listTurns(db, input.episodeId);
  const spoken = existing
    .filter((t) => t.startMs !== null && t.endMs !== null && t.endMs > t.startMs && t.speaker !== 'tool')
    .map((t): ReadTurn => ({ speaker: t.speaker, startMs: t.startMs!, endMs: t.endMs!, text: t.text }));
  let outcome: TurnsOutcome = 'none';
  if (read.turns) {
    if (existing.length === 0) outcome = 'added';
    else if (input.replaceTurns && !sameTurns(read.turns, spoken)) outcome = 'replaced';
    else outcome = 'kept';
  }
  const before = regionsOf(getEpisodeLabels(db, input.episodeId, input.annotatorId).values[REGIONS]).length;
  inWriteTransaction(db, () => {
    if (read.turns && (outcome === 'added' || outcome === 'replaced'))
      replaceEpisodeTurns(db, input.episodeId, read.turns);
    if (read.regions) {
      const value = read.regions.map(encodeRegion);
      setLabel(db, { episodeId: input.episodeId, annotatorId: input.annotatorId, field: REGIONS, value }, now);
    }
  });
  const keptNote =
    outcome === 'kept' && !input.replaceTurns && !sameTurns(read.turns ?? [], spoken)
      ? [`the file's ${read.turns!.length} turns: the episode has ${existing.length} turns, kept (ask to replace them)`]
      : [];
  return {
    episodeId: input.episodeId,
    file: input.fileName,
    format,
    annotator: annotator.name,
    regions: read.regions ? { tier: read.regionsTier!, count: read.regions.length, before } : null,
    turns: { outcome, inFile: read.turns?.length ?? 0, before: existing.length },
    leftOut: [...read.leftOut, ...keptNote],
  };
}
