/** A study's annotation settings: blind mode and its lead, the hidden judge and reference, unanimity, its taxonomy. */
import type { Db } from '../db/open';
import type { StudyAnnotationSettings, Taxonomy } from '../../shared/types/annotation';
import { builtinTaxonomy } from '../../shared/taxonomies/index';
import { parseTaxonomy } from '../../shared/taxonomies/schema';
import { DomainError } from '../domain/errors';
import { requireAnnotator, requireStudy, type StudyRef } from './lookups';
import { readAnnotationSettings, writeAnnotationSwitches } from '../db/annotation-settings';
import { setStudyBlind, writeStudyTaxonomy } from '../db/studies';
import { inWriteTransaction } from '../db/transaction';

/** The taxonomy in force for a study: its own (stored in studies.taxonomy) or its benchmark's built-in one. */
export function studyTaxonomy(study: StudyRef): { taxonomy: Taxonomy; source: 'builtin' | 'study' } {
  if (study.taxonomy)
    return { taxonomy: parseTaxonomy(JSON.parse(study.taxonomy), `study ${study.id} taxonomy`), source: 'study' };
  return { taxonomy: builtinTaxonomy(study.benchmark), source: 'builtin' };
}

/** The annotation settings of a study (defaults: blind per the study, judge and reference shown, unanimity accepted,
 * no lead). */
export function getSettings(db: Db, studyId: number): StudyAnnotationSettings {
  const study = requireStudy(db, studyId);
  const row = readAnnotationSettings(db, studyId);
  const { taxonomy, source } = studyTaxonomy(study);
  return {
    studyId,
    blind: study.blind,
    hideJudgeUntilCommit: row?.hideJudge ?? false,
    hideJudgeUntilFirstLabel: row?.hideJudgeUntilFirstLabel ?? false,
    hideReferenceUntilCommit: row?.hideReference ?? false,
    autoAcceptUnanimous: row?.autoAcceptUnanimous ?? true,
    leadId: row?.leadId ?? null,
    agreementRevealedAt: row?.agreementRevealedAt ?? null,
    agreementRevealedBy: row?.agreementRevealedBy ?? null,
    taxonomy,
    taxonomySource: source,
  };
}

/** A change of a study's settings: any of the switches, and the study lead (an annotator id, or null for none). */
export interface SettingsChange {
  studyId: number;
  blind?: boolean;
  hideJudgeUntilCommit?: boolean;
  hideJudgeUntilFirstLabel?: boolean;
  hideReferenceUntilCommit?: boolean;
  autoAcceptUnanimous?: boolean;
  leadId?: number | null;
}

/**
 * Changes any of the switches or the lead; returns the new settings. The switches left out are read inside the write
 * transaction, so a change another connection commits meanwhile is kept, not overwritten with what was read before.
 */
export function updateSettings(db: Db, input: SettingsChange): StudyAnnotationSettings {
  if (input.leadId !== undefined && input.leadId !== null) requireAnnotator(db, input.leadId);
  return inWriteTransaction(db, () => {
    const current = getSettings(db, input.studyId);
    if (input.blind !== undefined) setStudyBlind(db, input.studyId, input.blind);
    writeAnnotationSwitches(db, input.studyId, {
      hideJudge: input.hideJudgeUntilCommit ?? current.hideJudgeUntilCommit,
      hideJudgeUntilFirstLabel: input.hideJudgeUntilFirstLabel ?? current.hideJudgeUntilFirstLabel,
      hideReference: input.hideReferenceUntilCommit ?? current.hideReferenceUntilCommit,
      autoAcceptUnanimous: input.autoAcceptUnanimous ?? current.autoAcceptUnanimous,
      leadId: input.leadId === undefined ? current.leadId : input.leadId,
    });
    return getSettings(db, input.studyId);
  });
}

/** Gives a study its own taxonomy (validated; an invalid one is refused with the first problem) or, with null, its benchmark's again. */
export function setStudyTaxonomy(db: Db, studyId: number, taxonomy: unknown): StudyAnnotationSettings {
  requireStudy(db, studyId);
  let stored: string | null = null;
  if (taxonomy !== null) {
    try {
      stored = JSON.stringify(parseTaxonomy(taxonomy));
    } catch (err) {
      throw new DomainError('invalid_input', (err as Error).message);
    }
  }
  writeStudyTaxonomy(db, studyId, stored);
  return getSettings(db, studyId);
}
