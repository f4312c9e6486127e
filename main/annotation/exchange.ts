/** Offline exchange: one annotator's labels as a bundle file, and merging a bundle by episode and field without silent overwrites. */
import { z } from 'zod';
import type { Db } from '../db/open';
import type { ExchangeImportResult, LabelValue } from '../../shared/types/annotation';
import { ApiError } from '../api/errors';
import { requireAnnotator, requireStudy, studyEpisodes } from './lookups';
import { ensureAnnotator } from './annotators';
import { decodeValue, encodeValue, sameValue } from './values';
import { writeValue } from './labels';

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
    labels: z.array(z.object({ episode: z.string().min(1), field: z.string().min(1), phase: z.enum(['pre_reveal', 'final']), value: labelValue, updatedAt: z.string() }).strict()),
    commits: z.array(z.object({ episode: z.string().min(1), committedAt: z.string() }).strict()),
  })
  .strict();

/** A parsed label bundle. */
export type LabelBundle = z.infer<typeof bundleSchema>;

/** One annotator's labels in a study (cleared labels left out) and the episodes they committed, keyed by external episode id. */
export function exportBundle(db: Db, studyId: number, annotatorId: number, now: Date): LabelBundle {
  const study = requireStudy(db, studyId);
  const annotator = requireAnnotator(db, annotatorId);
  const labels = db
    .prepare(
      `SELECT e.external_id, a.field, a.phase, a.value, a.updated_at FROM annotations a JOIN episodes e ON e.id = a.episode_id
       WHERE e.study_id = ? AND a.annotator_id = ? AND a.value IS NOT NULL ORDER BY e.id, a.field, a.phase`,
    )
    .all(studyId, annotatorId) as { external_id: string; field: string; phase: 'pre_reveal' | 'final'; value: string; updated_at: string }[];
  const commits = db
    .prepare(
      `SELECT e.external_id, c.committed_at FROM annotation_commits c JOIN episodes e ON e.id = c.episode_id
       WHERE e.study_id = ? AND c.annotator_id = ? ORDER BY e.id`,
    )
    .all(studyId, annotatorId) as { external_id: string; committed_at: string }[];
  return {
    format: BUNDLE_FORMAT,
    exportedAt: now.toISOString(),
    study: { name: study.name, benchmark: study.benchmark },
    annotator: { name: annotator.name, initials: annotator.initials },
    labels: labels.map((l) => ({ episode: l.external_id, field: l.field, phase: l.phase, value: decodeValue(l.value), updatedAt: l.updated_at })),
    commits: commits.map((c) => ({ episode: c.external_id, committedAt: c.committed_at })),
  };
}

/** Parses bundle text; invalid_input naming the first problem. */
export function parseBundle(text: string): LabelBundle {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_input', 'the bundle is not JSON');
  }
  const parsed = bundleSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError('invalid_input', `bundle: ${issue.path.join('.') || 'file'}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * Merges a bundle into a study (by default the study of the bundle's name), by episode external id, field and phase:
 * new labels are added (history action `import`), equal ones left alone, and different ones reported as conflicts —
 * kept as they are unless `onConflict` is `take`, which replaces them (also recorded in the history).
 */
export function importBundle(db: Db, bundle: LabelBundle, options: { studyId?: number; onConflict?: 'keep' | 'take' }, now: Date): ExchangeImportResult {
  const studyId = options.studyId ?? (db.prepare('SELECT id FROM studies WHERE name = ?').get(bundle.study.name) as { id: number } | undefined)?.id;
  if (studyId === undefined) throw new ApiError('not_found', `no study called "${bundle.study.name}"; import into a study by id`);
  requireStudy(db, studyId);
  const episodes = new Map(studyEpisodes(db, studyId).map((e) => [e.externalId, e.id]));
  const result: ExchangeImportResult = { studyId, annotator: bundle.annotator.name, added: 0, unchanged: 0, conflicts: [], missingEpisodes: [] };
  db.transaction(() => {
    const annotatorId = ensureAnnotator(db, bundle.annotator.name, bundle.annotator.initials, now);
    const missing = new Set<string>();
    const current = db.prepare('SELECT value FROM annotations WHERE episode_id = ? AND annotator_id = ? AND field = ? AND phase = ?');
    for (const l of bundle.labels) {
      const episodeId = episodes.get(l.episode);
      if (episodeId === undefined) {
        missing.add(l.episode);
        continue;
      }
      const row = current.get(episodeId, annotatorId, l.field, l.phase) as { value: string | null } | undefined;
      const local = row ? decodeValue(row.value) : null;
      if (local === null) {
        writeValue(db, { episodeId, annotatorId, field: l.field, phase: l.phase, action: 'import' }, l.value, now);
        result.added++;
      } else if (sameValue(local, l.value) && encodeValue(local) === encodeValue(l.value)) {
        result.unchanged++;
      } else {
        const take = options.onConflict === 'take';
        result.conflicts.push({ externalId: l.episode, field: l.field, phase: l.phase, local, incoming: l.value, resolution: take ? 'took_incoming' : 'kept_local' });
        if (take) writeValue(db, { episodeId, annotatorId, field: l.field, phase: l.phase, action: 'import' }, l.value, now);
      }
    }
    const commit = db.prepare('INSERT OR IGNORE INTO annotation_commits (episode_id, annotator_id, committed_at) VALUES (?, ?, ?)');
    for (const c of bundle.commits) {
      const episodeId = episodes.get(c.episode);
      if (episodeId === undefined) missing.add(c.episode);
      else commit.run(episodeId, annotatorId, c.committedAt);
    }
    result.missingEpisodes = [...missing].sort();
  }).immediate();
  return result;
}
