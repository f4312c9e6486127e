/** A study's annotation settings: blind mode, judge hidden until commit, auto-accepted unanimity, and its taxonomy. */
import type { Db } from '../db/open';
import type { StudyAnnotationSettings, Taxonomy } from '../../shared/types/annotation';
import { builtinTaxonomy } from '../../shared/taxonomies/index';
import { parseTaxonomy } from '../../shared/taxonomies/schema';
import { ApiError } from '../api/errors';
import { requireStudy, type StudyRef } from './lookups';

/** The taxonomy in force for a study: its own (stored in studies.taxonomy) or its benchmark's built-in one. */
export function studyTaxonomy(study: StudyRef): { taxonomy: Taxonomy; source: 'builtin' | 'study' } {
  if (study.taxonomy) return { taxonomy: parseTaxonomy(JSON.parse(study.taxonomy), `study ${study.id} taxonomy`), source: 'study' };
  return { taxonomy: builtinTaxonomy(study.benchmark), source: 'builtin' };
}

/** The annotation settings of a study (defaults when never set: blind per the study, judge shown, unanimity accepted). */
export function getSettings(db: Db, studyId: number): StudyAnnotationSettings {
  const study = requireStudy(db, studyId);
  const row = db.prepare('SELECT hide_judge, auto_accept_unanimous FROM annotation_settings WHERE study_id = ?').get(studyId) as
    | { hide_judge: number; auto_accept_unanimous: number }
    | undefined;
  const { taxonomy, source } = studyTaxonomy(study);
  return {
    studyId,
    blind: study.blind,
    hideJudgeUntilCommit: row ? row.hide_judge === 1 : false,
    autoAcceptUnanimous: row ? row.auto_accept_unanimous === 1 : true,
    taxonomy,
    taxonomySource: source,
  };
}

/** Changes any of the three switches; returns the new settings. */
export function updateSettings(
  db: Db,
  input: { studyId: number; blind?: boolean; hideJudgeUntilCommit?: boolean; autoAcceptUnanimous?: boolean },
): StudyAnnotationSettings {
  const current = getSettings(db, input.studyId);
  db.transaction(() => {
    if (input.blind !== undefined) db.prepare('UPDATE studies SET blind = ? WHERE id = ?').run(input.blind ? 1 : 0, input.studyId);
    db.prepare(
      `INSERT INTO annotation_settings (study_id, hide_judge, auto_accept_unanimous) VALUES (?, ?, ?)
       ON CONFLICT (study_id) DO UPDATE SET hide_judge = excluded.hide_judge, auto_accept_unanimous = excluded.auto_accept_unanimous`,
    ).run(
      input.studyId,
      (input.hideJudgeUntilCommit ?? current.hideJudgeUntilCommit) ? 1 : 0,
      (input.autoAcceptUnanimous ?? current.autoAcceptUnanimous) ? 1 : 0,
    );
  })();
  return getSettings(db, input.studyId);
}

/** Gives a study its own taxonomy (validated; an invalid one is refused with the first problem) or, with null, its benchmark's again. */
export function setStudyTaxonomy(db: Db, studyId: number, taxonomy: unknown): StudyAnnotationSettings {
  requireStudy(db, studyId);
  let stored: string | null = null;
  if (taxonomy !== null) {
    try {
      stored = JSON.stringify(parseTaxonomy(taxonomy));
    } catch (err) {
      throw new ApiError('invalid_input', (err as Error).message);
    }
  }
  db.prepare('UPDATE studies SET taxonomy = ? WHERE id = ?').run(stored, studyId);
  return getSettings(db, studyId);
}
