/**
 * A study's casebook: any annotator or adjudicator files a call, a moment or a region of it under a category with a
 * note. Blind rule: while a study is blind to a viewer (the label rules of blind-access.ts: not the lead, not an
 * adjudicator, agreement not revealed, share not finished), the viewer sees only the cases they added, since a case's
 * category and note say what its author thinks of the call. A case is removed by its author, the lead or an adjudicator.
 */
import type { Db } from '../db/open';
import type { Casebook, CasebookCase, CasebookCategory } from '../../shared/types/casebook';
import type { Taxonomy } from '../../shared/types/annotation';
import { caseById, deleteCase, insertCase, studyCases, type StoredCase } from '../db/casebook';
import { getEpisode } from '../db/episodes';
import { inWriteTransaction } from '../db/transaction';
import { DomainError, forbidden, notFound } from '../domain/errors';
import { requireAnnotator, requireStudy } from './lookups';
import { mayReadOthers, requireLeadOrAdjudicator } from './blind-access';
import { studyTaxonomy } from './settings';

/** What an annotator files: the episode, category, note, and a moment (`startMs`) or region (`startMs`–`endMs`). */
export interface CaseInput {
  episodeId: number;
  annotatorId: number;
  category: string;
  note: string;
  startMs?: number;
  endMs?: number;
}

const invalid = (message: string) => new DomainError('invalid_input', message);

/** The contract's case from a stored one. */
export function toCasebookCase(c: StoredCase): CasebookCase {
  const kind = c.startMs === null ? 'call' : c.endMs === null ? 'moment' : 'region';
  return {
    id: c.id,
    episodeId: c.episodeId,
    externalId: c.externalId,
    category: c.category,
    kind,
    startMs: c.startMs,
    endMs: c.endMs,
    note: c.note,
    addedBy: { id: c.addedBy, name: c.addedByName, initials: c.addedByInitials },
    addedAt: c.addedAt,
  };
}

/** Checks the moment or region against the call's length; throws invalid_input naming the field. */
function checkSpan(input: CaseInput, durationMs: number | null, externalId: string): void {
  const { startMs, endMs } = input;
  if (startMs === undefined && endMs !== undefined) throw invalid('endMs: a region needs its startMs too');
  if (startMs !== undefined && endMs !== undefined && endMs <= startMs)
    throw invalid(`endMs: the region must end after it starts (${startMs}–${endMs} ms)`);
  const last = endMs ?? startMs;
  if (last !== undefined && durationMs !== null && last > durationMs)
    throw invalid(
      `${endMs === undefined ? 'startMs' : 'endMs'}: ${last} ms is past the end of ${externalId} ` +
        `(${durationMs} ms)`,
    );
}

/** Adds a case to the casebook of the episode's study; returns it. */
export function addCase(db: Db, input: CaseInput, now: Date): CasebookCase {
  const author = requireAnnotator(db, input.annotatorId);
  const detail = getEpisode(db, input.episodeId);
  if (!detail) throw notFound(`episode ${input.episodeId}`);
  const category = input.category.trim();
  if (!category) throw invalid('category: give the case a category');
  checkSpan(input, detail.episode.durationMs, detail.episode.externalId);
  const id = inWriteTransaction(db, () =>
    insertCase(db, {
      episodeId: input.episodeId,
      category,
      startMs: input.startMs === undefined ? null : Math.round(input.startMs),
      endMs: input.endMs === undefined ? null : Math.round(input.endMs),
      note: input.note.trim(),
      addedBy: author.id,
      addedAt: now.toISOString(),
    }),
  );
  return toCasebookCase(caseById(db, id)!);
}

/** The case, if the viewer may see it (their own, or any while the study is open to them); else not_found/forbidden. */
export function requireVisibleCase(db: Db, caseId: number, viewerId: number): StoredCase {
  const c = caseById(db, caseId);
  if (!c) throw notFound(`case ${caseId}`);
  requireAnnotator(db, viewerId);
  if (c.addedBy !== viewerId && !mayReadOthers(db, c.studyId, viewerId)) {
    throw forbidden(`Study "${requireStudy(db, c.studyId).name}" is blind: you see only the cases you added`);
  }
  return c;
}

/** Removes a case: its author, the study lead or an adjudicator may. */
export function removeCase(db: Db, caseId: number, viewerId: number): { removed: boolean } {
  const c = requireVisibleCase(db, caseId, viewerId);
  if (c.addedBy !== viewerId) requireLeadOrAdjudicator(db, c.studyId, viewerId, "remove another annotator's case");
  return { removed: inWriteTransaction(db, () => deleteCase(db, caseId)) };
}

const NOT_A_FAILURE = /^(no[_ ]?error|none|ok|pass)$/i;

/** The study's failure categories: the options of its subtype field, or else of every choice field but severity. */
export function failureCategories(taxonomy: Taxonomy): string[] {
  const subtype = taxonomy.fields.filter((f) => f.role === 'subtype');
  const fields = subtype.length > 0 ? subtype : taxonomy.fields.filter((f) => f.role !== 'severity');
  const names = fields
    .filter((f) => f.kind === 'single' || f.kind === 'multi')
    .flatMap((f) => (f.options ?? []).filter((o) => !NOT_A_FAILURE.test(o.value)).map((o) => o.label ?? o.value));
  return [...new Set(names)];
}

/** Cases grouped by category, most cases first, then by name; within a category the order of `cases` stays. */
export function byCategory(cases: readonly CasebookCase[]): { categories: CasebookCategory[]; cases: CasebookCase[] } {
  const groups = new Map<string, CasebookCase[]>();
  for (const c of cases) groups.set(c.category, [...(groups.get(c.category) ?? []), c]);
  const ordered = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  return {
    categories: ordered.map(([category, list]) => ({ category, count: list.length })),
    cases: ordered.flatMap(([, list]) => list),
  };
}

/** The study's casebook as the viewer may see it. */
export function listCasebook(db: Db, studyId: number, viewerId: number): Casebook {
  const study = requireStudy(db, studyId);
  const viewer = requireAnnotator(db, viewerId);
  const open = mayReadOthers(db, studyId, viewerId);
  const stored = studyCases(db, studyId, open ? undefined : viewerId).map(toCasebookCase);
  const grouped = byCategory(stored);
  const used = grouped.categories.map((c) => c.category);
  const message = open
    ? `Every case of study "${study.name}".`
    : `Study "${study.name}" is blind: ${viewer.name} sees only the cases they added until the blind rules open ` +
      'the others’ labels.';
  return {
    studyId,
    scope: open ? 'all' : 'own',
    message,
    ...grouped,
    suggested: [...new Set([...failureCategories(studyTaxonomy(study).taxonomy), ...used])],
  };
}
