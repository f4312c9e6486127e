/** Annotator profiles: name, initials and role. */
import type { Db } from '../db/open';
import type { Annotator, AnnotatorRole, ListedAnnotator } from '../../shared/types/annotation';
import { DomainError } from '../domain/errors';
import {
  allAnnotators,
  annotatorIdByName,
  importMadeAnnotatorStudies,
  insertAnnotator,
  updateAnnotatorProfile,
} from '../db/annotators';
import { requireAnnotator } from './lookups';

/** Every annotator, oldest first. */
export function listAnnotators(db: Db): Annotator[] {
  return allAnnotators(db);
}

/**
 * Every annotator, oldest first, with the studies they belong to: an annotator an import made (a released study's
 * raters, such as τ-Elicitation's A and B) belongs to the study it came with; everyone else — people made in the
 * studio, the author of a label bundle — belongs to every study (`importedIn` null).
 */
export function listAnnotatorsWithStudies(db: Db): ListedAnnotator[] {
  const imported = importMadeAnnotatorStudies(db);
  return allAnnotators(db).map((a) => ({ ...a, importedIn: imported.get(a.id) ?? null }));
}

/** Initials from a name when none are given: the first letter of up to three words. */
export function defaultInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 3).map((w) => w[0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

function nameTaken(db: Db, name: string, holder: number): DomainError {
  const imported = importMadeAnnotatorStudies(db).has(holder);
  const from = imported ? ' (it came with an import of labels; choose another name)' : '';
  return new DomainError('conflict', `an annotator called "${name}" already exists${from}`);
}

/** Creates an annotator; a name already taken is a conflict. */
export function createAnnotator(
  db: Db,
  input: { name: string; initials?: string; role?: AnnotatorRole },
  now: Date,
): Annotator {
  const name = input.name.trim();
  const holder = annotatorIdByName(db, name);
  if (holder !== null) throw nameTaken(db, name, holder);
  const id = insertAnnotator(db, {
    name,
    initials: (input.initials?.trim() || defaultInitials(name)).toUpperCase(),
    role: input.role ?? 'annotator',
    createdAt: now.toISOString(),
  });
  return requireAnnotator(db, id);
}

/** Changes an annotator's name, initials or role. */
export function updateAnnotator(
  db: Db,
  input: { id: number; name?: string; initials?: string; role?: AnnotatorRole },
): Annotator {
  const current = requireAnnotator(db, input.id);
  const name = input.name?.trim() ?? current.name;
  const holder = annotatorIdByName(db, name);
  if (holder !== null && holder !== input.id) throw nameTaken(db, name, holder);
  updateAnnotatorProfile(db, {
    id: input.id,
    name,
    initials: (input.initials?.trim() || current.initials).toUpperCase(),
    role: input.role ?? current.role,
  });
  return requireAnnotator(db, input.id);
}

/** The annotator called `name`, created (role annotator) when missing; returns its id. */
export function ensureAnnotator(db: Db, name: string, initials: string | undefined, now: Date): number {
  return annotatorIdByName(db, name) ?? createAnnotator(db, { name, initials }, now).id;
}
