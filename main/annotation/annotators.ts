/** Annotator profiles: name, initials and role. */
import type { Db } from '../db/open';
import type { Annotator, AnnotatorRole } from '../../shared/types/annotation';
import { ApiError } from '../api/errors';
import { listAnnotatorRows, requireAnnotator } from './lookups';

/** Every annotator, oldest first. */
export function listAnnotators(db: Db): Annotator[] {
  return listAnnotatorRows(db);
}

/** Initials from a name when none are given: the first letter of up to three words. */
export function defaultInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 3).map((w) => w[0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** Creates an annotator; a name already taken is a conflict. */
export function createAnnotator(db: Db, input: { name: string; initials?: string; role?: AnnotatorRole }, now: Date): Annotator {
  const name = input.name.trim();
  if (db.prepare('SELECT 1 FROM annotators WHERE name = ?').get(name)) throw new ApiError('conflict', `an annotator called "${name}" already exists`);
  const res = db
    .prepare('INSERT INTO annotators (name, initials, role, created_at) VALUES (?, ?, ?, ?)')
    .run(name, (input.initials?.trim() || defaultInitials(name)).toUpperCase(), input.role ?? 'annotator', now.toISOString());
  return requireAnnotator(db, Number(res.lastInsertRowid));
}

/** Changes an annotator's name, initials or role. */
export function updateAnnotator(db: Db, input: { id: number; name?: string; initials?: string; role?: AnnotatorRole }): Annotator {
  const current = requireAnnotator(db, input.id);
  const name = input.name?.trim() ?? current.name;
  const clash = db.prepare('SELECT id FROM annotators WHERE name = ? AND id != ?').get(name, input.id);
  if (clash) throw new ApiError('conflict', `an annotator called "${name}" already exists`);
  db.prepare('UPDATE annotators SET name = ?, initials = ?, role = ? WHERE id = ?').run(
    name,
    (input.initials?.trim() || current.initials).toUpperCase(),
    input.role ?? current.role,
    input.id,
  );
  return requireAnnotator(db, input.id);
}

/** The annotator called `name`, created (role annotator) when missing; returns its id. */
export function ensureAnnotator(db: Db, name: string, initials: string | undefined, now: Date): number {
  const row = db.prepare('SELECT id FROM annotators WHERE name = ?').get(name) as { id: number } | undefined;
  return row?.id ?? createAnnotator(db, { name, initials }, now).id;
}
