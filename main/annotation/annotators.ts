/** Annotator profiles: name, initials and role. */
import type { Db } from '../db/open';
import type { Annotator, AnnotatorRole } from '../../shared/types/annotation';
import { DomainError } from '../domain/errors';
import { allAnnotators, annotatorIdByName, insertAnnotator, updateAnnotatorProfile } from '../db/annotators';
import { requireAnnotator } from './lookups';

/** Every annotator, oldest first. */
export function listAnnotators(db: Db): Annotator[] {
  return allAnnotators(db);
}

/** Initials from a name when none are given: the first letter of up to three words. */
export function defaultInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 3).map((w) => w[0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

const nameTaken = (name: string) => new DomainError('conflict', `an annotator called "${name}" already exists`);

/** Creates an annotator; a name already taken is a conflict. */
export function createAnnotator(
  db: Db,
  input: { name: string; initials?: string; role?: AnnotatorRole },
  now: Date,
): Annotator {
  const name = input.name.trim();
  if (annotatorIdByName(db, name) !== null) throw nameTaken(name);
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
  if (holder !== null && holder !== input.id) throw nameTaken(name);
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
