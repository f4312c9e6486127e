/** Methods of a study's casebook: list it, add and remove cases, export one case as a single HTML file. */
import { z } from 'zod';
import { method } from './define';
import type { Casebook, CasebookCase } from '../types/casebook';
import type { ExportedFile } from './annotation';

const id = z.number().int().positive();
const ms = z
  .number()
  .int()
  .min(0)
  .max(24 * 3600 * 1000);

/** Casebook methods by name. */
export const casebookMethods = {
  /** The study's cases as the viewer may see them (only their own while the study is blind to them). */
  'casebook.list': method<Casebook>()(z.object({ studyId: id, viewerId: id }).strict()),
  /** Files the call (no times), a moment (`startMs`) or a region (`startMs`–`endMs`) under a category. */
  'casebook.add': method<CasebookCase>()(
    z
      .object({
        episodeId: id,
        annotatorId: id,
        category: z.string().trim().min(1).max(120),
        note: z.string().max(5000),
        startMs: ms.optional(),
        endMs: ms.optional(),
      })
      .strict(),
  ),
  /** Removes a case: its author, the study lead or an adjudicator. */
  'casebook.remove': method<{ removed: boolean }>()(z.object({ caseId: id, viewerId: id }).strict()),
  /** One case as a self-contained HTML file (audio clip and figures inside), for the viewer to save. */
  'casebook.exportHtml': method<ExportedFile>()(z.object({ caseId: id, viewerId: id }).strict()),
} as const;
