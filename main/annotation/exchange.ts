/** Offline exchange: one annotator's labels as a bundle file, and merging a bundle by episode and field without silent overwrites. */
import { z } from 'zod';
import type { Db } from '../db/open';
import type { ExchangeImportResult, LabelValue } from '../../shared/types/annotation';
import { DomainError } from '../domain/errors';
import { studyIdByName } from '../db/studies';
import { annotatorStudyLabels, labelledFieldNames, storedLabelJson } from '../db/labels';
import { annotatorStudyCommits, recordCommit } from '../db/label-commits';
import { inWriteTransaction } from '../db/transaction';
import { requireAnnotator, requireStudy, studyEpisodes } from './lookups';
import { ensureAnnotator } from './annotators';
import { decodeValue, encodeValue, sameValue } from './values';
import { writeValue } from './labels';
import { checkArrivedLabel } from './label-check';
import { getSettings } from './settings';
import { fileStem } from './report-files';

/** The bundle format tag. */
export const BUNDLE_FORMAT = 'earshot-labels-v1';

const labelValue: z.ZodType<LabelValue> = z.union([z.string(), z.array(z.string()), z.boolean(), z.number(), z.null()]);

/** The schema of a label bundle. */
export const bundleSchema = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    exportedAt: z.string(),
    study: z.object({ name: z.string().min(1), benchmark: z.string() }).strict(),
    annotator: z.object({ name: z.string().min(1).max(120), initials: z.string().max(8) }).strict(),
    labels: z.array(
      z
        .object({
          episode: z.string().min(1),
          field: z.string().min(1),
          phase: z.enum(['pre_reveal', 'final']),
          value: labelValue,
          updatedAt: z.string(),
        })
        .strict(),
    ),
    commits: z.array(z.object({ episode: z.string().min(1), committedAt: z.string() }).strict()),
  })
  .strict();

/** A parsed label bundle. */
export type LabelBundle = z.infer<typeof bundleSchema>;

/** One annotator's labels in a study (cleared labels left out) and the episodes they committed, keyed by external episode id. */
export function exportBundle(db: Db, studyId: number, annotatorId: number, now: Date): LabelBundle {
  const study = requireStudy(db, studyId);
  const annotator = requireAnnotator(db, annotatorId);
  const labels = annotatorStudyLabels(db, studyId, annotatorId);
  const commits = annotatorStudyCommits(db, studyId, annotatorId);
  return {
    format: BUNDLE_FORMAT,
    exportedAt: now.toISOString(),
    study: { name: study.name, benchmark: study.benchmark },
    annotator: { name: annotator.name, initials: annotator.initials },
    labels: labels.map((l) => ({
      episode: l.externalId,
      field: l.field,
      phase: l.phase,
      value: decodeValue(l.valueJson),
      updatedAt: l.updatedAt,
    })),
    commits: commits.map((c) => ({ episode: c.externalId, committedAt: c.committedAt })),
  };
}

/** The file name a bundle is saved under: its study's and annotator's names, then `.earshot-labels.json`. */
export function bundleFileName(bundle: LabelBundle): string {
  return `${fileStem(bundle.study.name)}-${fileStem(bundle.annotator.name)}.earshot-labels.json`;
}

/** Parses bundle text; invalid_input naming the first problem. */
export function parseBundle(text: string): LabelBundle {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DomainError('invalid_input', 'the bundle is not JSON');
  }
  const parsed = bundleSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DomainError('invalid_input', `bundle: ${issue.path.join('.') || 'file'}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * Refuses a bundle holding a label that does not fit the study's taxonomy as labels.set would check it (a number may
 * stand for the choice written the same way). A field the taxonomy does not define is taken only when the study
 * already holds labels in it: data that came with its import, such as τ-Elicitation's notes on findings.
 */
function checkBundleLabels(db: Db, studyId: number, bundle: LabelBundle): void {
  const { taxonomy } = getSettings(db, studyId);
  let dataFields: Set<string> | null = null;
  bundle.labels.forEach((l, i) => {
    const found = checkArrivedLabel(taxonomy, l.field, l.value);
    const site = `bundle: labels[${i}] (episode ${JSON.stringify(l.episode.slice(0, 80))})`;
    if (found.ok === false) throw new DomainError('invalid_input', `${site}: ${found.problem}`);
    if (found.ok !== 'unknown field') return;
    dataFields ??= new Set(labelledFieldNames(db, studyId));
    if (dataFields.has(l.field)) return;
    const field = JSON.stringify(l.field.slice(0, 80));
    const problem = `${field} is not a field of the taxonomy "${taxonomy.name}", and the study holds no labels in it`;
    throw new DomainError('invalid_input', `${site}: ${problem}`);
  });
}

/**
 * Merges a bundle into a study (by default the study of the bundle's name), by episode external id, field and phase:
 * new labels are added (history action `import`), equal ones left alone, and different ones reported as conflicts —
 * kept as they are unless `onConflict` is `take`, which replaces them (also recorded in the history). A label that does
 * not fit the study's taxonomy refuses the whole bundle before anything is written.
 */
export function importBundle(
  db: Db,
  bundle: LabelBundle,
  options: { studyId?: number; onConflict?: 'keep' | 'take' },
  now: Date,
): ExchangeImportResult {
  const studyId = options.studyId ?? studyIdByName(db, bundle.study.name);
  if (studyId === null)
    throw new DomainError('not_found', `no study called "${bundle.study.name}"; import into a study by id`);
  requireStudy(db, studyId);
  checkBundleLabels(db, studyId, bundle);
  const episodes = new Map(studyEpisodes(db, studyId).map((e) => [e.externalId, e.id]));
  const result: ExchangeImportResult = {
    studyId,
    annotator: bundle.annotator.name,
    added: 0,
    unchanged: 0,
    conflicts: [],
    missingEpisodes: [],
  };
  inWriteTransaction(db, () => {
    const annotatorId = ensureAnnotator(db, bundle.annotator.name, bundle.annotator.initials, now);
    const missing = new Set<string>();
    for (const l of bundle.labels) {
      const episodeId = episodes.get(l.episode);
      if (episodeId === undefined) {
        missing.add(l.episode);
        continue;
      }
      const local = decodeValue(storedLabelJson(db, { episodeId, annotatorId, field: l.field, phase: l.phase }));
      if (local === null) {
        writeValue(db, { episodeId, annotatorId, field: l.field, phase: l.phase, action: 'import' }, l.value, now);
        result.added++;
      } else if (sameValue(local, l.value) && encodeValue(local) === encodeValue(l.value)) {
        result.unchanged++;
      } else {
        const take = options.onConflict === 'take';
        result.conflicts.push({
          externalId: l.episode,
          field: l.field,
          phase: l.phase,
          local,
          incoming: l.value,
          resolution: take ? 'took_incoming' : 'kept_local',
        });
        if (take)
          writeValue(db, { episodeId, annotatorId, field: l.field, phase: l.phase, action: 'import' }, l.value, now);
      }
    }
    for (const c of bundle.commits) {
      const episodeId = episodes.get(c.episode);
      if (episodeId === undefined) missing.add(c.episode);
      else recordCommit(db, episodeId, annotatorId, c.committedAt);
    }
    result.missingEpisodes = [...missing].sort();
  });
  return result;
}
