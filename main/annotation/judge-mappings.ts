/** The judge-to-field mappings in force for a study: the benchmark's built-in ones, overridden or added to by its own. */
import type { Db } from '../db/open';
import type { JudgeMapping } from '../../shared/types/judge-validation';
import { builtinJudgeMappings } from '../../shared/taxonomies/judge-mappings';
import { judgeMappingInput } from '../../shared/methods/judge-validation';
import { deleteJudgeMapping, listStoredJudgeMappings, storeJudgeMapping } from '../db/judge-mappings';
import { DomainError } from '../domain/errors';
import { requireStudy } from './lookups';
import { getSettings } from './settings';

/** A study's own mapping as saved (the input schema of judgeMappings.save). */
export type JudgeMappingInput = Omit<JudgeMapping, 'source'>;

/** Every mapping in force, built-in ones first (a study's mapping with the same key replaces the built-in one). */
export function studyJudgeMappings(db: Db, studyId: number): JudgeMapping[] {
  const study = requireStudy(db, studyId);
  const own = listStoredJudgeMappings(db, studyId).map((row): JudgeMapping => {
    const parsed = judgeMappingInput.safeParse(JSON.parse(row.spec));
    if (!parsed.success)
      throw new DomainError('invalid_input', `judge mapping ${row.key} of study ${study.name} is damaged`);
    return { ...parsed.data, source: 'study' };
  });
  const ownKeys = new Set(own.map((m) => m.key));
  const builtin = builtinJudgeMappings(study.benchmark, getSettings(db, studyId).taxonomy).filter(
    (m) => !ownKeys.has(m.key),
  );
  return [...builtin, ...own];
}

/** The mappings of one field. */
export function fieldJudgeMappings(db: Db, studyId: number, field: string): JudgeMapping[] {
  return studyJudgeMappings(db, studyId).filter((m) => m.field === field);
}

/** The mapping with this key; invalid_input naming the keys there are when none has it. */
export function requireJudgeMapping(db: Db, studyId: number, key: string): JudgeMapping {
  const all = studyJudgeMappings(db, studyId);
  const found = all.find((m) => m.key === key);
  if (!found)
    throw new DomainError(
      'invalid_input',
      `no judge mapping "${key}"; the study has ${all.map((m) => m.key).join(', ')}`,
    );
  return found;
}

/** Saves a study's own mapping (validated at the door); returns the mappings now in force. */
export function saveJudgeMapping(db: Db, studyId: number, mapping: JudgeMappingInput, now: Date): JudgeMapping[] {
  requireStudy(db, studyId);
  storeJudgeMapping(db, studyId, mapping.key, JSON.stringify(mapping), now);
  return studyJudgeMappings(db, studyId);
}

/** Removes a study's own mapping; not_found when the study has none with this key. */
export function removeJudgeMapping(db: Db, studyId: number, key: string): JudgeMapping[] {
  requireStudy(db, studyId);
  if (!deleteJudgeMapping(db, studyId, key))
    throw new DomainError('not_found', `the study has no mapping of its own named "${key}"`);
  return studyJudgeMappings(db, studyId);
}
